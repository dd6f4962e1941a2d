import { CopyFailed, copyAggregateId, type CopyFailedV1, type EventEnvelope } from '@copytrade/contracts';
import type { DataSource } from 'typeorm';

/** A CopyFailed the copy engine wrote into its outbox, with the time of the transaction that wrote it. */
export interface WrittenCopyFailed extends CopyFailedV1 {
  /** The outbox row's created_at: now() of the writing transaction (one value per transaction). */
  writtenAt: string;
  occurredAt: string;
  correlationId: string;
}

/**
 * The CopyFailed events of copies of the trade, in the order they were written. Each is checked against its copy as
 * the copy engine recorded it (aggregate `copy:<copyId>`, the copy FAILED with that follower, code and reason), so a
 * test need only say how many there are and what they say.
 */
export async function copyFailuresOf(dataSource: DataSource, originalTradeId: string): Promise<WrittenCopyFailed[]> {
  const rows = (await dataSource.query(
    `SELECT o.envelope, o.created_at::text AS "writtenAt", c.status, c.user_id AS "userId", c.failure_code AS code,
            c.failure_reason AS reason
       FROM copy_engine.outbox o
       LEFT JOIN copy_engine.copy_instances c ON c.id = (o.envelope->'data'->>'copyId')::uuid
      WHERE o.subject = $1 AND o.envelope->'data'->>'originalTradeId' = $2
      ORDER BY o.position`,
    [CopyFailed.subject, originalTradeId],
  )) as Array<{
    envelope: EventEnvelope<CopyFailedV1>;
    writtenAt: string;
    status: string | null;
    userId: string | null;
    code: string | null;
    reason: string | null;
  }>;
  for (const { envelope, status, userId, code, reason } of rows) {
    expect(envelope.aggregateId).toBe(copyAggregateId(envelope.data.copyId));
    expect({ status, userId, code, reason }).toEqual({
      status: 'FAILED',
      userId: envelope.data.userId,
      code: envelope.data.code,
      reason: envelope.data.reason,
    });
  }
  return rows.map(({ envelope, writtenAt }) => ({
    ...envelope.data,
    writtenAt,
    occurredAt: envelope.occurredAt,
    correlationId: envelope.correlationId,
  }));
}

/** What the CopyFailed of a follower's copy of `trade` says (its time and copy id aside). */
export function failedCopyOf(
  trade: { id: string; traceId: string; symbol: string; optionsTicker?: string | null },
  userId: string,
  failure: { code: string | null; reason: string },
  placement: 'manual' | 'automatic' = 'automatic',
): Partial<WrittenCopyFailed> {
  return {
    copyId: expect.any(String) as string,
    userId,
    originalTradeId: trade.id,
    traceId: trade.traceId,
    placement,
    symbol: trade.symbol,
    optionsTicker: trade.optionsTicker ?? null,
    code: failure.code,
    reason: failure.reason,
    failedAt: expect.any(String) as string,
  };
}
