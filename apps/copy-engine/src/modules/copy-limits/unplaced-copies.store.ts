import { selectList, type OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { COPY_COLUMNS, TABLE } from '../copies/copy-instances.store';
import type { CopyRefusal } from './copy-limits';
import { announceSkips, type SkippedCopy } from './copy-skips';

/**
 * Skips a follower's automatic copies whose order has not been asked for yet (of one trace, or of every trace), in
 * the transaction that switches their automatic copying off, with a CopySkipped for each. A placement worker holds the copies of the batch it is
 * sending row-locked until it writes their outcome, so this statement waits for any batch in flight (its orders went
 * out before the switch committed) and catches every copy not yet claimed: once the switch commits, no order of
 * theirs is sent. Copies recorded by a fan-out still in flight are caught by the workers' own check of the switch.
 */
export async function skipUnplacedAutomaticCopies(
  manager: EntityManager,
  outbox: OutboxWriter,
  switched: { userId: string; traceId: string | null; correlationId: string },
  refusal: CopyRefusal,
): Promise<number> {
  const { id, userId, originalTradeId, traceId, placement, symbol, optionsTicker, failureCode, failureReason } =
    COPY_COLUMNS;
  const [rows] = (await manager.query(
    `UPDATE ${TABLE} SET status = 'FAILED', failure_code = $3, failure_reason = $4, in_flight_until = NULL,
            next_attempt_at = NULL, updated_at = now()
      WHERE user_id = $1 AND ($2::uuid IS NULL OR trace_id = $2::uuid) AND status = 'PENDING'
        AND placement = 'automatic' AND order_state IS NULL
      RETURNING ${selectList<SkippedCopy>({
        id,
        userId,
        originalTradeId,
        traceId,
        placement,
        symbol,
        optionsTicker,
        code: failureCode,
        reason: failureReason,
      })}`,
    [switched.userId, switched.traceId, refusal.code, refusal.reason],
  )) as [SkippedCopy[], number];
  await announceSkips(manager, outbox, rows, { correlationId: switched.correlationId });
  return rows.length;
}
