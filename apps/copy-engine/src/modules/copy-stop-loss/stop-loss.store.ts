import type { EntityManager } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';
import { TRACE_GUARDS } from '../copy-guards/copy-guards.store';

const SELLS = 'copy_engine.copy_sells';

/** The open copies of the (follower, trace) pairs a pass watches; WATCHED_PAIR says which pairs. */
const WATCHED_COPIES = `${TRACE_GUARDS} guard
  JOIN ${TABLE} copy ON copy.user_id = guard.user_id AND copy.trace_id = guard.trace_id AND copy.status = 'OPEN'`;
/** A stop-loss set, and not already paused by it. */
const WATCHED_PAIR = `guard.stop_loss_percent IS NOT NULL AND guard.paused_reason IS DISTINCT FROM 'stop_loss'`;

/** What the brokerage quotes for a copy: the ticker of a stock, the OCC ticker of an option (null: none known). */
const QUOTED_SYMBOL = `upper(CASE WHEN copy.is_options THEN copy.options_ticker ELSE copy.symbol END)`;

/** Memory of the pass's statement for grouping (per statement, this transaction only). */
const PASS_WORK_MEM = '64MB';

/** How many holders are offered to the brokerage as accounts to quote through (SnapTrade quotes in an account). */
const QUOTE_USERS = 20;

/** What a pass quotes: the symbols the watched pairs' open copies hold, and a few of their holders. */
export interface WatchedSymbols {
  symbols: string[];
  /** Followers holding watched copies, whose accounts may be used for the quotes (any account quotes any symbol). */
  userIds: string[];
}

/** A pair whose open copies lost more than its stop-loss at this pass's quotes. */
export interface BreachedPair {
  userId: string;
  traceId: string;
  /** Percent, rounded to 2 decimals (the exact comparison is made in SQL). */
  lossPercent: string;
  thresholdPercent: string;
}

/**
 * The distinct symbols the open copies of watched pairs hold (one grouping over them), and a few of their holders (a
 * statement that stops at the first ones found).
 */
export async function watchedSymbols(manager: EntityManager): Promise<WatchedSymbols> {
  const symbols = (await manager.query(
    `SELECT ${QUOTED_SYMBOL} AS symbol FROM ${WATCHED_COPIES}
      WHERE ${WATCHED_PAIR} AND ${QUOTED_SYMBOL} IS NOT NULL
      GROUP BY 1 ORDER BY 1`,
  )) as Array<{ symbol: string }>;
  if (symbols.length === 0) return { symbols: [], userIds: [] };
  const holders = (await manager.query(
    `SELECT DISTINCT guard.user_id AS "userId" FROM ${WATCHED_COPIES} WHERE ${WATCHED_PAIR} LIMIT ${QUOTE_USERS}`,
  )) as Array<{ userId: string }>;
  return { symbols: symbols.map((row) => row.symbol), userIds: holders.map((row) => row.userId) };
}

/**
 * The watched pairs past their stop-loss, in one statement: each pair's open copies valued at the quotes given
 * (symbol → price per share, as decimal text) — invested = entry × held × multiplier, value = quote × held ×
 * multiplier, buys gaining when the price rises and sells reversed; held = filled less FILLED and PENDING sells. A copy
 * whose symbol has no quote is left out of the pass (never valued at a stored price); a pair with nothing left to
 * value is not evaluated. Breached: loss × 100 > threshold × invested, exactly (numeric).
 */
export async function breachedPairs(manager: EntityManager, quotes: Map<string, string>): Promise<BreachedPair[]> {
  const quoted = [...quotes].map(([symbol, price]) => ({ symbol, price }));
  return withPassMemory(manager, (reading) => breached(reading, quoted));
}

/**
 * Runs a pass's statement with room to hash and group the copies in memory (the default spills 100,000 rows to disk),
 * in a transaction of its own so the setting ends with it.
 */
export function withPassMemory<T>(manager: EntityManager, work: (reading: EntityManager) => Promise<T>): Promise<T> {
  return manager.transaction(async (reading) => {
    await reading.query(`SET LOCAL work_mem = '${PASS_WORK_MEM}'`);
    return work(reading);
  });
}

async function breached(manager: EntityManager, quoted: Array<{ symbol: string; price: string }>) {
  return (await manager.query(
    `WITH quote AS (
       SELECT q.symbol, q.price::numeric AS price FROM jsonb_to_recordset($1::jsonb) AS q(symbol text, price text)
     ), sold AS (
       -- What the watched followers' copies sold or are selling, through their sells (user_id leads an index):
       -- bounded by those followers' sells, never by every sell ever made, nor a look-up per open copy.
       SELECT sell.copy_id, sum(CASE sell.status WHEN 'FILLED' THEN sell.filled_quantity ELSE sell.quantity END)
                AS quantity
         FROM (SELECT DISTINCT guard.user_id FROM ${TRACE_GUARDS} guard WHERE ${WATCHED_PAIR}) watcher
         JOIN ${SELLS} sell ON sell.user_id = watcher.user_id
        WHERE sell.status IN ('FILLED', 'PENDING')
        GROUP BY sell.copy_id
     ), valued AS (
       SELECT guard.user_id, guard.trace_id, guard.stop_loss_percent,
              copy.entry_price * held.quantity * copy.contract_multiplier AS invested,
              (CASE copy.side WHEN 'sell' THEN copy.entry_price - quote.price ELSE quote.price - copy.entry_price END)
                * held.quantity * copy.contract_multiplier AS pnl
         FROM ${WATCHED_COPIES}
         JOIN quote ON quote.symbol = ${QUOTED_SYMBOL}
         LEFT JOIN sold ON sold.copy_id = copy.id
         CROSS JOIN LATERAL (SELECT copy.quantity_filled - coalesce(sold.quantity, 0) AS quantity) held
        WHERE ${WATCHED_PAIR} AND copy.entry_price IS NOT NULL AND held.quantity > 0
     ), pair AS (
       SELECT user_id, trace_id, stop_loss_percent, sum(invested) AS invested, sum(pnl) AS pnl
         FROM valued GROUP BY user_id, trace_id, stop_loss_percent
     )
     SELECT user_id AS "userId", trace_id AS "traceId", round(-pnl * 100 / invested, 2)::text AS "lossPercent",
            stop_loss_percent::text AS "thresholdPercent"
       FROM pair
      WHERE invested > 0 AND -pnl * 100 > stop_loss_percent * invested
      ORDER BY user_id, trace_id`,
    [JSON.stringify(quoted)],
  )) as BreachedPair[];
}

/**
 * Pauses the pair's automatic copying for its stop-loss — only while its stop-loss is still set, not above the loss seen,
 * and it is not paused for it already. The row lock serialises concurrent passes and replicas: the first commits,
 * the others find it paused for the stop-loss and get false. Answers whether this caller triggered it.
 */
export async function pauseForStopLoss(
  manager: EntityManager,
  pair: Pick<BreachedPair, 'userId' | 'traceId' | 'lossPercent'>,
): Promise<boolean> {
  // TypeORM's postgres driver answers an UPDATE as [rows, count].
  const [rows] = (await manager.query(
    `UPDATE ${TRACE_GUARDS} SET auto_copy_paused = true, paused_reason = 'stop_loss', paused_at = now(),
            updated_at = now()
      WHERE user_id = $1 AND trace_id = $2 AND stop_loss_percent IS NOT NULL AND stop_loss_percent <= $3::numeric
        AND paused_reason IS DISTINCT FROM 'stop_loss'
      RETURNING user_id`,
    [pair.userId, pair.traceId, pair.lossPercent],
  )) as [unknown[], number];
  return rows.length > 0;
}
