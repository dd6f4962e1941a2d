import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import { autoCopyPausedEvent } from '../copy-guards/guard-events';
import { FOLLOWER_GUARDS } from '../copy-guards/copy-guards.store';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import type { WatchedSymbols } from './stop-loss.store';

/**
 * The daily loss limit (docs/product.md, "Copy guards"). A follower's loss of the US trading day is what their
 * copies realized since its start (copies closed today, at the brokerage's fills) plus the unrealized P&L, at live
 * quotes, of the copies they opened today and still hold. Copies held from earlier days count when they are sold.
 */

/** Followers with a limit who have not reached it today. */
const NOT_REACHED = `guard.daily_loss_limit IS NOT NULL AND guard.daily_loss_stopped_on IS DISTINCT FROM $1::date`;
const LIMITED = `${FOLLOWER_GUARDS} guard WHERE ${NOT_REACHED}`;

/** Their copies opened today and still open (held quantity: filled less FILLED and PENDING sells). */
const OPEN_TODAY = `SELECT copy.*, upper(CASE WHEN copy.is_options THEN copy.options_ticker ELSE copy.symbol END) AS quoted,
    copy.quantity_filled - coalesce((SELECT sum(CASE sell.status WHEN 'FILLED' THEN sell.filled_quantity
                                                  ELSE sell.quantity END)
                                       FROM copy_engine.copy_sells sell
                                      WHERE sell.copy_id = copy.id AND sell.status IN ('FILLED', 'PENDING')), 0) AS held
  FROM ${TABLE} copy
 WHERE copy.status = 'OPEN' AND copy.filled_at >= $2 AND copy.entry_price IS NOT NULL
   AND copy.user_id IN (SELECT guard.user_id FROM ${LIMITED})`;

/** The symbols to quote for today's open copies of limited followers, and a few of those followers. */
export async function dailyLossSymbols(manager: EntityManager, day: string, dayStart: Date): Promise<WatchedSymbols> {
  const rows = (await manager.query(
    `SELECT quoted AS symbol, min(user_id::text) AS "userId" FROM (${OPEN_TODAY}) copy
      WHERE quoted IS NOT NULL GROUP BY quoted ORDER BY quoted`,
    [day, dayStart],
  )) as Array<{ symbol: string; userId: string }>;
  return {
    symbols: rows.map((row) => row.symbol),
    userIds: [...new Set(rows.map((row) => row.userId))].slice(0, 20),
  };
}

/** A follower whose loss today passed their limit. */
export interface DailyLossBreach {
  userId: string;
  loss: string;
  limit: string;
}

/** The limited followers whose loss today, at these quotes, is above their limit (one statement). */
export async function dailyLossBreaches(
  manager: EntityManager,
  quotes: Map<string, string>,
  day: string,
  dayStart: Date,
): Promise<DailyLossBreach[]> {
  const quoted = [...quotes].map(([symbol, price]) => ({ symbol, price }));
  return (await manager.query(
    `WITH quote AS (
       SELECT q.symbol, q.price::numeric AS price FROM jsonb_to_recordset($3::jsonb) AS q(symbol text, price text)
     ), unrealized AS (
       SELECT copy.user_id,
              sum((CASE copy.side WHEN 'sell' THEN copy.entry_price - quote.price ELSE quote.price - copy.entry_price END)
                  * copy.held * copy.contract_multiplier) AS pnl
         FROM (${OPEN_TODAY}) copy JOIN quote ON quote.symbol = copy.quoted
        WHERE copy.held > 0
        GROUP BY copy.user_id
     ), realized AS (
       SELECT copy.user_id, sum(copy.realized_pnl) AS pnl
         FROM ${TABLE} copy
        WHERE copy.status = 'CLOSED' AND copy.closed_at >= $2 AND copy.realized_pnl IS NOT NULL
          AND copy.user_id IN (SELECT guard.user_id FROM ${LIMITED})
        GROUP BY copy.user_id
     )
     SELECT guard.user_id AS "userId",
            (-(coalesce(realized.pnl, 0) + coalesce(unrealized.pnl, 0)))::numeric(20,2)::text AS loss,
            guard.daily_loss_limit::text AS "limit"
       FROM ${FOLLOWER_GUARDS} guard
       LEFT JOIN realized ON realized.user_id = guard.user_id
       LEFT JOIN unrealized ON unrealized.user_id = guard.user_id
      WHERE ${NOT_REACHED} AND -(coalesce(realized.pnl, 0) + coalesce(unrealized.pnl, 0)) > guard.daily_loss_limit
      ORDER BY guard.user_id`,
    [day, dayStart, JSON.stringify(quoted)],
  )) as DailyLossBreach[];
}

/**
 * Stops the follower's automatic copying for the rest of the day, in one transaction: the day recorded (only by the
 * first of concurrent passes or replicas), every automatic copy of theirs not yet sent skipped (waiting for a batch on
 * its way, as the stop switch does), and AutoCopyPaused. Answers whether this caller stopped it.
 */
export async function stopForDailyLoss(
  manager: EntityManager,
  outbox: OutboxWriter,
  breach: DailyLossBreach,
  day: string,
  correlationId: string,
): Promise<boolean> {
  const [rows] = (await manager.query(
    `UPDATE ${FOLLOWER_GUARDS} SET daily_loss_stopped_on = $2::date, updated_at = now()
      WHERE user_id = $1 AND daily_loss_limit IS NOT NULL AND daily_loss_stopped_on IS DISTINCT FROM $2::date
      RETURNING user_id`,
    [breach.userId, day],
  )) as [unknown[], number];
  if (rows.length === 0) return false;
  await skipUnplacedAutomaticCopies(
    manager,
    outbox,
    { userId: breach.userId, traceId: null, correlationId },
    { code: CopyTradeErrorCode.SKIPPED_DAILY_LOSS, reason: CopyTradeMessages.dailyLossReached(Number(breach.limit)) },
  );
  await outbox.addMany(manager, [autoCopyPausedEvent(breach.userId, null, 'daily_loss', correlationId)]);
  return true;
}
