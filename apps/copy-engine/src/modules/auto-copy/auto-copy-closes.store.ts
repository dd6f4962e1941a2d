import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import { FOLLOWER_SETTINGS } from '../follower-settings/follower-settings.store';

const CLOSES = 'copy_engine.auto_copy_closes';

const returned = <T>(result: unknown): T[] =>
  Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);

/** One automatic copy to sell because its trader sold (a TradeClosed event). */
export interface AutoCopyClose {
  eventId: string;
  copyId: string;
  userId: string;
}

/**
 * The trade's automatic copies, open or still pending, of followers who turned 'close my automatic copies when the
 * trader sells' on: one row each for this event (ON CONFLICT DO NOTHING: a redelivery adds none). Answers how many.
 */
export async function recordAutoCopyCloses(manager: EntityManager, eventId: string, tradeId: string): Promise<number> {
  const rows = (await manager.query(
    `INSERT INTO ${CLOSES} (event_id, copy_id, user_id)
     SELECT $1, copy.id, copy.user_id
       FROM ${TABLE} copy
       JOIN ${FOLLOWER_SETTINGS} settings
         ON settings.user_id = copy.user_id AND settings.close_auto_copies_on_trader_sell
      WHERE copy.original_trade_id = $2 AND copy.placement = 'automatic' AND copy.status IN ('OPEN', 'PENDING')
     ON CONFLICT DO NOTHING
     RETURNING copy_id`,
    [eventId, tradeId],
  )) as unknown[];
  return rows.length;
}

/** Claims PENDING closes whose lease is free (SKIP LOCKED: replicas share them), leased for `leaseMs`. */
export async function claimAutoCopyCloses(
  manager: EntityManager,
  limit: number,
  leaseMs: number,
): Promise<AutoCopyClose[]> {
  return returned<AutoCopyClose>(
    await manager.query(
      `UPDATE ${CLOSES} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000), updated_at = now()
        WHERE (event_id, copy_id) IN (
               SELECT event_id, copy_id FROM ${CLOSES}
                WHERE status = 'PENDING' AND (in_flight_until IS NULL OR in_flight_until <= now())
                ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING event_id AS "eventId", copy_id AS "copyId", user_id AS "userId"`,
      [limit, leaseMs],
    ),
  );
}

/** The close is settled (sold, sent, refused, or nothing left to sell): never taken again. */
export async function finishAutoCopyClose(manager: EntityManager, close: AutoCopyClose, outcome: string) {
  await manager.query(
    `UPDATE ${CLOSES} SET status = 'DONE', outcome = $3, in_flight_until = NULL, updated_at = now()
      WHERE event_id = $1 AND copy_id = $2`,
    [close.eventId, close.copyId, outcome],
  );
}

/** Not now (the copy still pending, the brokerage unreachable): taken again after `retryMs`. */
export async function deferAutoCopyClose(manager: EntityManager, close: AutoCopyClose, retryMs: number) {
  await manager.query(
    `UPDATE ${CLOSES} SET in_flight_until = now() + make_interval(secs => $3::float8 / 1000), updated_at = now()
      WHERE event_id = $1 AND copy_id = $2 AND status = 'PENDING'`,
    [close.eventId, close.copyId, retryMs],
  );
}

/** What became of a trade's closes (tests, support). */
export async function autoCopyClosesOf(
  manager: EntityManager,
  eventId: string,
): Promise<Array<{ copyId: string; status: string; outcome: string | null }>> {
  return (await manager.query(
    `SELECT copy_id AS "copyId", status, outcome FROM ${CLOSES} WHERE event_id = $1 ORDER BY copy_id`,
    [eventId],
  )) as Array<{ copyId: string; status: string; outcome: string | null }>;
}
