import { selectList, type ColumnMap } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

/** One row of traces.brokerage_refreshes: an owner's last real-time refresh (its time as text, to the microsecond). */
export interface BrokerageRefresh {
  ownerUserId: string;
  refreshedAt: string;
}

/** How each field of a BrokerageRefresh is read from traces.brokerage_refreshes: the table's one list. */
export const BROKERAGE_REFRESH_COLUMNS: ColumnMap<BrokerageRefresh> = {
  ownerUserId: 'owner_user_id',
  refreshedAt: 'refreshed_at::text',
};

export type CooldownTaken = { taken: true; refreshedAt: string } | { taken: false; retryAfterSeconds: number };

/**
 * The owner's real-time refresh slot: one per `cooldownSeconds`, taken by a single statement (INSERT … ON CONFLICT
 * DO UPDATE … WHERE the last one is old enough), so of any number of concurrent callers on any replicas exactly one
 * gets it. A refused caller learns how long is left (at least 1 s).
 */
export async function takeRefreshSlot(
  manager: EntityManager,
  ownerUserId: string,
  cooldownSeconds: number,
): Promise<CooldownTaken> {
  const { refreshedAt } = BROKERAGE_REFRESH_COLUMNS;
  const rows = (await manager.query(
    `INSERT INTO traces.brokerage_refreshes AS r (owner_user_id, refreshed_at) VALUES ($1, clock_timestamp())
     ON CONFLICT (owner_user_id) DO UPDATE SET refreshed_at = EXCLUDED.refreshed_at
       WHERE r.refreshed_at <= EXCLUDED.refreshed_at - make_interval(secs => $2)
     RETURNING ${selectList<Pick<BrokerageRefresh, 'refreshedAt'>>({ refreshedAt })}`,
    [ownerUserId, cooldownSeconds],
  )) as Array<Pick<BrokerageRefresh, 'refreshedAt'>>;
  if (rows.length > 0) return { taken: true, refreshedAt: rows[0].refreshedAt };
  const [left] = (await manager.query(
    `SELECT greatest(1, ceil(extract(epoch FROM refreshed_at + make_interval(secs => $2) - clock_timestamp())))::int
            AS "seconds"
       FROM traces.brokerage_refreshes WHERE owner_user_id = $1`,
    [ownerUserId, cooldownSeconds],
  )) as Array<{ seconds: number }>;
  return { taken: false, retryAfterSeconds: left?.seconds ?? 1 };
}

/**
 * Gives the slot back when the refresh certainly cost nothing (no connection, refused by the provider): only the
 * slot this caller took, so a later refresh's is never undone.
 */
export async function giveBackRefreshSlot(manager: EntityManager, ownerUserId: string, refreshedAt: string) {
  await manager.query(
    `UPDATE traces.brokerage_refreshes SET refreshed_at = '-infinity'
      WHERE owner_user_id = $1 AND refreshed_at = $2::timestamptz`,
    [ownerUserId, refreshedAt],
  );
}
