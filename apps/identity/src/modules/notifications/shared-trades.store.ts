import { returnedRows, selectList, type ColumnMap } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

/** Identity's projection of the trades traces shared (TradeShared, TradeClosed), for the notifications' texts. */
export const SHARED_TRADES_TABLE = 'identity.notification_shared_trades';

export interface SharedTradeRow {
  tradeId: string;
  traceId: string;
  ownerUserId: string;
  traceName: string | null;
  symbol: string;
  optionsTicker: string | null;
  copiesOpened: number;
}

export const SHARED_TRADE_COLUMNS: ColumnMap<SharedTradeRow> = {
  tradeId: '$.trade_id::text',
  traceId: '$.trace_id::text',
  ownerUserId: '$.owner_user_id::text',
  traceName: '$.trace_name',
  symbol: '$.symbol',
  optionsTicker: '$.options_ticker',
  copiesOpened: '$.copies_opened',
};

export async function recordSharedTrade(
  manager: EntityManager,
  trade: Omit<SharedTradeRow, 'copiesOpened'> & { sharedAt: string },
): Promise<void> {
  await manager.query(
    `INSERT INTO ${SHARED_TRADES_TABLE} (trade_id, trace_id, owner_user_id, trace_name, symbol, options_ticker, shared_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (trade_id) DO UPDATE SET trace_name = coalesce(excluded.trace_name, ${SHARED_TRADES_TABLE}.trace_name)`,
    [
      trade.tradeId,
      trade.traceId,
      trade.ownerUserId,
      trade.traceName,
      trade.symbol,
      trade.optionsTicker,
      trade.sharedAt,
    ],
  );
}

/** Records the trade closed; answers it, or null when it was never shared. */
export async function closeSharedTrade(
  manager: EntityManager,
  tradeId: string,
  closedAt: string,
): Promise<SharedTradeRow | null> {
  const [row] = returnedRows<SharedTradeRow>(
    await manager.query(
      `UPDATE ${SHARED_TRADES_TABLE} SET closed_at = $2 WHERE trade_id = $1 RETURNING ${selectList(SHARED_TRADE_COLUMNS)}`,
      [tradeId, closedAt],
    ),
  );
  return row ?? null;
}

/**
 * Counts the copies of the trade opened by `followerIds` (one per copy; the owner's own left out); answers the trade
 * with the new count and whether its owner is told live (`pushNotifications`, no row: on), or null when it is not
 * shared or no copy counted. One statement for a whole group of a fan-out's copies.
 */
export async function countCopiesOpened(
  manager: EntityManager,
  tradeId: string,
  followerIds: string[],
): Promise<(SharedTradeRow & { ownerPush: boolean }) | null> {
  const [row] = returnedRows<SharedTradeRow & { ownerPush: boolean }>(
    await manager.query(
      `UPDATE ${SHARED_TRADES_TABLE} t
          SET copies_opened = copies_opened + (SELECT count(*) FROM unnest($2::uuid[]) f(id) WHERE f.id <> t.owner_user_id)
        WHERE trade_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::uuid[]) f(id) WHERE f.id <> t.owner_user_id)
       RETURNING ${selectList(SHARED_TRADE_COLUMNS, 't')},
         coalesce((SELECT push_notifications FROM identity.owner_notification_preferences
                    WHERE user_id = t.owner_user_id), true) AS "ownerPush"`,
      [tradeId, followerIds],
    ),
  );
  return row ?? null;
}

/** The owner and name of a trace that shared a trade, as last seen; null when none of its trades was shared. */
export async function traceOfSharedTrades(
  manager: EntityManager,
  traceId: string,
): Promise<{ ownerUserId: string; traceName: string | null } | null> {
  const [row] = (await manager.query(
    `SELECT owner_user_id::text AS "ownerUserId", trace_name AS "traceName" FROM ${SHARED_TRADES_TABLE}
      WHERE trace_id = $1 ORDER BY shared_at DESC LIMIT 1`,
    [traceId],
  )) as Array<{ ownerUserId: string; traceName: string | null }>;
  return row ?? null;
}

/** Forgets up to `batch` trades closed before `cutoff` (their notifications are purged by then); returns how many. */
export async function purgeClosedSharedTrades(manager: EntityManager, cutoff: Date, batch: number): Promise<number> {
  const [, deleted] = (await manager.query(
    `DELETE FROM ${SHARED_TRADES_TABLE}
      WHERE trade_id IN (SELECT trade_id FROM ${SHARED_TRADES_TABLE} WHERE closed_at < $1 LIMIT $2)`,
    [cutoff, batch],
  )) as [unknown, number];
  return deleted;
}
