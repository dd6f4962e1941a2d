import { returnedRows, selectList, type OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import { announceNotPlaced, NOT_PLACED_COLUMNS, type NotPlacedCopy } from '../copies/not-placed-copies';
import type { CopyRefusal } from './copy-limits';

/**
 * Skips a follower's automatic copies whose order has not been asked for yet (of one trace, or of every trace), in
 * the transaction that switches their automatic copying off, with a CopySkipped for each (announceNotPlaced). A
 * placement worker holds the copies of the batch it is sending row-locked until it writes their outcome, so this
 * statement waits for any batch in flight (its orders went out before the switch committed) and catches every copy
 * not yet claimed: once the switch commits, no order of theirs is sent. Copies recorded by a fan-out still in flight are caught by the workers' own check of the switch.
 */
export async function skipUnplacedAutomaticCopies(
  manager: EntityManager,
  outbox: OutboxWriter,
  switched: { userId: string; traceId: string | null; correlationId: string },
  refusal: CopyRefusal,
): Promise<number> {
  const rows = returnedRows<NotPlacedCopy>(
    await manager.query(
      `UPDATE ${TABLE} SET status = 'FAILED', failure_code = $3, failure_reason = $4, in_flight_until = NULL,
            next_attempt_at = NULL, updated_at = now()
      WHERE user_id = $1 AND ($2::uuid IS NULL OR trace_id = $2::uuid) AND status = 'PENDING'
        AND placement = 'automatic' AND order_state IS NULL
      RETURNING ${selectList(NOT_PLACED_COLUMNS)}`,
      [switched.userId, switched.traceId, refusal.code, refusal.reason],
    ),
  );
  await announceNotPlaced(manager, outbox, rows, { correlationId: switched.correlationId });
  return rows.length;
}
