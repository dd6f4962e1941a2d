import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import type { CopyRefusal } from './copy-limits';

/**
 * Skips a follower's automatic copies whose order has not been asked for yet (of one trace, or of every trace), in
 * the transaction that switches their automatic copying off. A placement worker holds the copies of the batch it is
 * sending row-locked until it writes their outcome, so this statement waits for any batch in flight (its orders went
 * out before the switch committed) and catches every copy not yet claimed: once the switch commits, no order of
 * theirs is sent. Copies recorded by a fan-out still in flight are caught by the workers' own check of the switch.
 */
export async function skipUnplacedAutomaticCopies(
  manager: EntityManager,
  userId: string,
  traceId: string | null,
  refusal: CopyRefusal,
): Promise<number> {
  const [, count] = (await manager.query(
    `UPDATE ${TABLE} SET status = 'FAILED', failure_code = $3, failure_reason = $4, in_flight_until = NULL,
            next_attempt_at = NULL, updated_at = now()
      WHERE user_id = $1 AND ($2::uuid IS NULL OR trace_id = $2::uuid) AND status = 'PENDING'
        AND placement = 'automatic' AND order_state IS NULL`,
    [userId, traceId, refusal.code, refusal.reason],
  )) as [unknown, number];
  return count;
}
