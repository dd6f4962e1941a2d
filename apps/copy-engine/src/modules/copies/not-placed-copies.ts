import {
  COPY_SKIP_CODES,
  CopyFailed,
  CopySkipped,
  CopyTradeMessages,
  copyAggregateId,
  type CopyFailedV1,
  type CopySkippedV1,
} from '@copytrade/contracts';
import type { ColumnMap, EventMeta, OutboxEvent, OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { countCopyOutcomes } from './copy-outcome-metrics';

/** A copy recorded as not placed (FAILED), with what its CopySkipped or CopyFailed carries. */
export interface NotPlacedCopy {
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

/** A NotPlacedCopy as the statement that fails copies returns it (`$.`: the copies table's alias, if any). */
export const NOT_PLACED_COLUMNS: ColumnMap<NotPlacedCopy> = {
  id: '$.id',
  userId: '$.user_id',
  originalTradeId: '$.original_trade_id',
  traceId: '$.trace_id',
  placement: '$.placement',
  symbol: '$.symbol',
  optionsTicker: '$.options_ticker',
  code: '$.failure_code',
  reason: '$.failure_reason',
};

/**
 * One event for each of these copies, just recorded as not placed, through the outbox in the caller's transaction —
 * the one that recorded them — in two statements whatever their number: CopySkipped when a guard kept it back (a
 * COPY_SKIP_CODES code), CopyFailed for any other refusal. Callers pass only the copies their statement changed (its
 * RETURNING rows), so a retried or redelivered path announces nothing twice.
 */
export async function announceNotPlaced(
  manager: EntityManager,
  outbox: OutboxWriter,
  copies: ReadonlyArray<NotPlacedCopy>,
  meta: Omit<EventMeta, 'aggregateId'>,
): Promise<void> {
  const at = new Date().toISOString();
  await outbox.addMany(
    manager,
    copies.map((copy): OutboxEvent => {
      const about = {
        copyId: copy.id,
        userId: copy.userId,
        originalTradeId: copy.originalTradeId,
        traceId: copy.traceId,
        placement: copy.placement,
        symbol: copy.symbol,
        optionsTicker: copy.optionsTicker,
        // Both contracts require a reason; a refusal that came without words reads as not filled.
        reason: copy.reason || CopyTradeMessages.notFilled,
      };
      const eventMeta = { ...meta, aggregateId: copyAggregateId(copy.id) };
      return COPY_SKIP_CODES.has(copy.code)
        ? {
            definition: CopySkipped,
            data: { ...about, code: copy.code, skippedAt: at } satisfies CopySkippedV1,
            meta: eventMeta,
          }
        : {
            definition: CopyFailed,
            data: { ...about, code: copy.code || null, failedAt: at } satisfies CopyFailedV1,
            meta: eventMeta,
          };
    }),
  );
  await countCopyOutcomes(
    manager,
    copies.map((copy) => ({
      outcome: COPY_SKIP_CODES.has(copy.code) ? 'skipped' : 'failed',
      placement: copy.placement,
      originalTradeId: copy.originalTradeId,
      code: copy.code,
    })),
  );
}
