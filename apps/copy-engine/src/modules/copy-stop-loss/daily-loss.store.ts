import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import { autoCopyPausedEvent } from '../copy-guards/guard-events';
import { FOLLOWER_GUARDS } from '../copy-guards/copy-guards.store';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import { withPassMemory, type WatchedSymbols } from './stop-loss.store';

/**
 * The daily loss limit (docs/product.md, "Copy guards"). A follower's loss of the US trading day is the change, since
 * the day began, of everything their copies held: each open copy's value at live quotes less its value at the start
 * of the day, plus each sell filled today less the start-of-day value of what it sold. A copy opened today starts the
 * day at its entry; a copy held from an earlier day at its mark — the price the first pass of the day valued it at
 * (copy_day_marks). A copy that cannot be quoted is left out, never valued at a stored price; a sell today of a copy
 * that was never marked counts against its entry.
 */

export const DAY_MARKS = 'copy_engine.copy_day_marks';
const SELLS = 'copy_engine.copy_sells';
/** Days of marks kept behind today (only today's are read; the last few stay for support). */
const KEEP_MARK_DAYS = 3;

/** Followers with a limit who have not reached it today ($1: the day). */
const NOT_REACHED = `guard.daily_loss_limit IS NOT NULL AND guard.daily_loss_stopped_on IS DISTINCT FROM $1::date`;
/** What the brokerage quotes for a copy: the ticker of a stock, the OCC ticker of an option. */
const QUOTED = `upper(CASE WHEN copy.is_options THEN copy.options_ticker ELSE copy.symbol END)`;
/** Opened today ($2: the day's start): its day starts at its entry. */
const OPENED_TODAY = `coalesce(copy.filled_at, copy.created_at) >= $2`;
/** The open copies of followers with a limit not reached today. */
const LIMITED_OPEN_COPIES = `${FOLLOWER_GUARDS} guard
  JOIN ${TABLE} copy ON copy.user_id = guard.user_id AND copy.status = 'OPEN' AND copy.entry_price IS NOT NULL`;
/** The quotes given as $3 (symbol → price per share). */
const QUOTE = `quote AS (
  SELECT q.symbol, q.price::numeric AS price FROM jsonb_to_recordset($3::jsonb) AS q(symbol text, price text))`;
/** × multiplier, a sell copy's P&L reversed: the signed size of a price move per unit. */
const SIGNED = `(CASE copy.side WHEN 'sell' THEN -1 ELSE 1 END) * copy.contract_multiplier * `;
/** Today's mark of a copy, when it has one. */
const MARK = `LEFT JOIN ${DAY_MARKS} mark ON mark.copy_id = copy.id AND mark.trading_day = $1::date`;

const quotesParam = (quotes: Map<string, string>) =>
  JSON.stringify([...quotes].map(([symbol, price]) => ({ symbol, price })));

/** The symbols to quote for the open copies of limited followers, and a few of those followers. */
export async function dailyLossSymbols(manager: EntityManager, day: string): Promise<WatchedSymbols> {
  const rows = (await manager.query(
    `SELECT ${QUOTED} AS symbol, min(copy.user_id::text) AS "userId" FROM ${LIMITED_OPEN_COPIES}
      WHERE ${NOT_REACHED} AND ${QUOTED} IS NOT NULL GROUP BY 1 ORDER BY 1`,
    [day],
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

/** What a pass reads of the limited followers at its quotes. */
export interface DailyLoss {
  /** Followers above their limit. */
  breaches: DailyLossBreach[];
  /** Followers holding a copy from an earlier day, quoted now, not marked yet today. */
  unmarked: string[];
}

/**
 * The limited followers' loss today at these quotes, in one statement: per open copy (quote − start) × held, per sell
 * filled today (fill − start) × quantity — × multiplier, a sell copy reversed; held = filled less FILLED and PENDING
 * sells (read through the followers' sells, user_id leading an index). A quoted copy held from an earlier day without
 * a mark yet counts nothing: its mark is this very quote (markStartOfDay writes it after, for the followers named).
 */
export async function dailyLossOf(
  manager: EntityManager,
  quotes: Map<string, string>,
  day: string,
  dayStart: Date,
): Promise<DailyLoss> {
  const rows = await withPassMemory(
    manager,
    (reading) =>
      reading.query(
        `WITH ${QUOTE}, sold AS (
           SELECT sell.copy_id,
                  sum(CASE sell.status WHEN 'FILLED' THEN sell.filled_quantity ELSE sell.quantity END) AS quantity
             FROM ${FOLLOWER_GUARDS} guard JOIN ${SELLS} sell ON sell.user_id = guard.user_id
            WHERE ${NOT_REACHED} AND sell.status IN ('FILLED', 'PENDING')
            GROUP BY sell.copy_id
         ), unrealized AS (
           SELECT copy.user_id, sum(${SIGNED}(quote.price - start.price) * held.quantity) AS pnl,
                  count(*) FILTER (WHERE start.price IS NULL) AS unmarked
             FROM ${LIMITED_OPEN_COPIES}
             JOIN quote ON quote.symbol = ${QUOTED}
             LEFT JOIN sold ON sold.copy_id = copy.id
             ${MARK}
             CROSS JOIN LATERAL (SELECT copy.quantity_filled - coalesce(sold.quantity, 0) AS quantity) held
             CROSS JOIN LATERAL (SELECT CASE WHEN ${OPENED_TODAY} THEN copy.entry_price ELSE mark.price END AS price) start
            WHERE ${NOT_REACHED} AND held.quantity > 0
            GROUP BY copy.user_id
         ), realized AS (
           SELECT copy.user_id,
                  sum(${SIGNED}(sell.fill_price - CASE WHEN ${OPENED_TODAY} THEN copy.entry_price
                                                     ELSE coalesce(mark.price, copy.entry_price) END)
                      * sell.filled_quantity) AS pnl
             FROM ${FOLLOWER_GUARDS} guard
             JOIN ${SELLS} sell ON sell.user_id = guard.user_id AND sell.status = 'FILLED' AND sell.filled_at >= $2
             JOIN ${TABLE} copy ON copy.id = sell.copy_id
             ${MARK}
            WHERE ${NOT_REACHED} AND copy.entry_price IS NOT NULL AND sell.fill_price IS NOT NULL
            GROUP BY copy.user_id
         )
         SELECT * FROM (
           SELECT guard.user_id AS "userId",
                  (-(coalesce(realized.pnl, 0) + coalesce(unrealized.pnl, 0)))::numeric(20,2)::text AS loss,
                  guard.daily_loss_limit::text AS "limit",
                  -(coalesce(realized.pnl, 0) + coalesce(unrealized.pnl, 0)) > guard.daily_loss_limit AS over,
                  coalesce(unrealized.unmarked, 0) > 0 AS unmarked
             FROM ${FOLLOWER_GUARDS} guard
             LEFT JOIN realized ON realized.user_id = guard.user_id
             LEFT JOIN unrealized ON unrealized.user_id = guard.user_id
            WHERE ${NOT_REACHED}
         ) follower
         WHERE over OR unmarked
         ORDER BY "userId"`,
        [day, dayStart, quotesParam(quotes)],
      ) as Promise<Array<DailyLossBreach & { over: boolean; unmarked: boolean }>>,
  );
  return {
    breaches: rows.filter((row) => row.over).map(({ userId, loss, limit }) => ({ userId, loss, limit })),
    unmarked: rows.filter((row) => row.unmarked).map((row) => row.userId),
  };
}

/**
 * Marks the start of the day, at these quotes, of these followers' copies held from an earlier day and not marked yet
 * today (the first valuation of the day wins; concurrent passes insert once), and deletes marks older than a few
 * days. Answers how many copies were marked.
 */
export async function markStartOfDay(
  manager: EntityManager,
  quotes: Map<string, string>,
  day: string,
  dayStart: Date,
  userIds: string[],
): Promise<number> {
  const [{ marked }] = (await manager.query(
    `WITH ${QUOTE}, inserted AS (
       INSERT INTO ${DAY_MARKS} (copy_id, trading_day, price)
       SELECT copy.id, $1::date, quote.price
         FROM ${LIMITED_OPEN_COPIES} JOIN quote ON quote.symbol = ${QUOTED}
        WHERE ${NOT_REACHED} AND NOT ${OPENED_TODAY} AND guard.user_id = ANY($4::uuid[])
       ON CONFLICT (copy_id, trading_day) DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS marked FROM inserted`,
    [day, dayStart, quotesParam(quotes), userIds],
  )) as [{ marked: number }];
  await manager.query(`DELETE FROM ${DAY_MARKS} WHERE trading_day < $1::date - $2::int`, [day, KEEP_MARK_DAYS]);
  return marked;
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
