import { COPY_SKIP_CODES, CopySkipped, copyAggregateId, type CopySkippedV1 } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

/** A copy a guard kept back, with what its CopySkipped carries. */
export interface SkippedCopy {
  id: string;
  userId: string;
  originalTradeId: string;
  traceId: string;
  placement: 'manual' | 'automatic';
  symbol: string;
  optionsTicker: string | null;
  code: string;
  reason: string;
}

/**
 * CopySkipped for each of these copies whose code is a guard's (other refusals are not skips), through the outbox
 * in the caller's transaction — the one that recorded them — in two statements whatever their number. The live push
 * carries each to its follower at once.
 */
export async function announceSkips(
  manager: EntityManager,
  outbox: OutboxWriter,
  copies: ReadonlyArray<SkippedCopy>,
  meta: { correlationId: string },
): Promise<void> {
  const skippedAt = new Date().toISOString();
  await outbox.addMany(
    manager,
    copies
      .filter((copy) => COPY_SKIP_CODES.has(copy.code))
      .map((copy) => ({
        definition: CopySkipped,
        data: {
          copyId: copy.id,
          userId: copy.userId,
          originalTradeId: copy.originalTradeId,
          traceId: copy.traceId,
          placement: copy.placement,
          symbol: copy.symbol,
          optionsTicker: copy.optionsTicker,
          code: copy.code,
          reason: copy.reason,
          skippedAt,
        } satisfies CopySkippedV1,
        meta: { ...meta, aggregateId: copyAggregateId(copy.id) },
      })),
  );
}
