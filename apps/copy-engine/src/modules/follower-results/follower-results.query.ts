import {
  COPY_SKIP_CODES,
  FOLLOWER_RESULTS_MIN_COPIES,
  FOLLOWER_RESULTS_SERIES_WEEKS,
  FOLLOWER_RESULTS_WINDOWS,
  type FollowerResultsWindow,
  type TraceFollowerResults,
} from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';

/** How far back each time frame reaches (null: ever). */
const WINDOW_DAYS: Record<FollowerResultsWindow, number | null> = { '30d': 30, '90d': 90, all: null };

/** `x` rounded to 2 decimals, or null when its population is below the minimum. */
const percentOf = (population: string, value: string) =>
  `CASE WHEN ${population} >= $3 THEN round((${value})::numeric, 2) END`;
/** The same for a number of milliseconds (an integer). */
const msOf = (population: string, value: string) => `CASE WHEN ${population} >= $3 THEN round(${value})::bigint END`;

/** The aggregates of one time frame over the copies (`c`), named `<key>_<figure>`. */
function windowAggregates(key: string, days: number | null): string {
  const within = days === null ? 'true' : `c.created_at >= p.since_${key}`;
  return `
    count(*) FILTER (WHERE c.placed AND ${within}) AS ${key}_placed,
    count(*) FILTER (WHERE c.skipped AND ${within}) AS ${key}_skipped,
    count(*) FILTER (WHERE c.not_placed AND ${within}) AS ${key}_not_placed,
    count(c.follower_return) FILTER (WHERE ${within}) AS ${key}_closed,
    percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY c.follower_return) FILTER (WHERE ${within})
      AS ${key}_follower_return,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY c.trader_return) FILTER (WHERE ${within}) AS ${key}_trader_return,
    count(c.delay_ms) FILTER (WHERE ${within}) AS ${key}_delays,
    percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY c.delay_ms) FILTER (WHERE ${within}) AS ${key}_delay,
    count(c.slippage) FILTER (WHERE ${within}) AS ${key}_slippages,
    percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY c.slippage) FILTER (WHERE ${within}) AS ${key}_slippage`;
}

/** The followers of one time frame: those whose latest placed copy (`f.last_placed`) is in it. */
function followersIn(key: string, days: number | null): string {
  const within = days === null ? 'true' : `f.last_placed >= p.since_${key}`;
  return `count(*) FILTER (WHERE ${within}) AS ${key}_followers`;
}

/** The shared trades of one time frame (`s`), and those with an automatic copy placed. */
function sharedAggregates(key: string, days: number | null): string {
  const within = days === null ? 'true' : `s.shared_at >= p.since_${key}`;
  return `
    count(*) FILTER (WHERE ${within}) AS ${key}_shared,
    count(*) FILTER (WHERE s.auto_copied AND ${within}) AS ${key}_auto_copied`;
}

/** One time frame's FollowerResultsFigures as a JSON object. */
function windowObject(window: FollowerResultsWindow, key: string): string {
  return `jsonb_build_object(
    'window', '${window}',
    'followers', f.${key}_followers,
    'copiesPlaced', w.${key}_placed,
    'copiesSkipped', w.${key}_skipped,
    'copiesNotPlaced', w.${key}_not_placed,
    'fillRate', ${percentOf(`w.${key}_placed + w.${key}_not_placed`, `100.0 * w.${key}_placed / nullif(w.${key}_placed + w.${key}_not_placed, 0)`)},
    'closedCopies', w.${key}_closed,
    'followerReturnMedian', ${percentOf(`w.${key}_closed`, `w.${key}_follower_return[1]`)},
    'followerReturnP90', ${percentOf(`w.${key}_closed`, `w.${key}_follower_return[2]`)},
    'traderReturnMedian', ${percentOf(`w.${key}_closed`, `w.${key}_trader_return`)},
    'delayMedianMs', ${msOf(`w.${key}_delays`, `w.${key}_delay[1]`)},
    'delayP95Ms', ${msOf(`w.${key}_delays`, `w.${key}_delay[2]`)},
    'slippageMedian', ${percentOf(`w.${key}_slippages`, `w.${key}_slippage[1]`)},
    'slippageP95', ${percentOf(`w.${key}_slippages`, `w.${key}_slippage[2]`)},
    'autoCopiedShare', ${percentOf(`s.${key}_shared`, `100.0 * s.${key}_auto_copied / nullif(s.${key}_shared, 0)`)},
    'sharedTrades', s.${key}_shared)`;
}

const keyOf = (window: FollowerResultsWindow) => `w_${window}`;

/**
 * One trace's follower results, read in one statement from its own copies (docs/follower-results.md has every
 * definition): the copies of each time frame by decision time (created_at), the trader's closes of their trades and
 * the trace's shared trades. Prices are all per share (options: per share of the contract), so returns and slippage
 * are the same whatever the multiplier. Sells are reversed, so a positive return is a gain and a positive slippage a
 * worse price than the trader's. A figure whose population is below FOLLOWER_RESULTS_MIN_COPIES is null.
 * Copies of an open position (origin 'open_position') carry when copying began, not the trader's share, and the
 * trader's entry of long before: they count in every figure but delay and slippage.
 */
export const FOLLOWER_RESULTS_SQL = `
  WITH p AS (
    -- Each time frame's start, and the series' first Monday (UTC), once: not per copy and aggregate.
    SELECT at, ${FOLLOWER_RESULTS_WINDOWS.filter((window) => WINDOW_DAYS[window] !== null)
      .map((window) => `at - interval '${WINDOW_DAYS[window]} days' AS since_${keyOf(window)}`)
      .join(', ')},
           first_week, first_week AT TIME ZONE 'UTC' AS first_week_at
      FROM (SELECT now() AS at,
                   date_trunc('week', now() AT TIME ZONE 'UTC') - interval '${FOLLOWER_RESULTS_SERIES_WEEKS - 1} weeks'
                     AS first_week) clock
  ),
  closes AS (SELECT trade_id, exit_price FROM copy_engine.trader_closes WHERE trace_id = $1),
  c AS MATERIALIZED (
    SELECT c.created_at, c.user_id, c.placed, c.skipped, c.status = 'FAILED' AND NOT c.skipped AS not_placed,
           -- Ratios in numeric, each turned to float8 once (a numeric's float8 is parsed from its text: costly).
           CASE WHEN c.returned
                THEN ((CASE c.side WHEN 'sell' THEN c.entry_price - c.exit_price ELSE c.exit_price - c.entry_price END)
                      / c.entry_price)::float8 * 100
           END AS follower_return,
           CASE WHEN c.returned
                THEN ((CASE c.side WHEN 'sell' THEN c.trader_price - c.trader_exit
                                   ELSE c.trader_exit - c.trader_price END) / c.trader_price)::float8 * 100
           END AS trader_return,
           CASE WHEN c.placed AND c.at_share AND c.filled_at IS NOT NULL AND c.trader_shared_at IS NOT NULL
                THEN date_part('epoch', c.filled_at - c.trader_shared_at) * 1000
           END AS delay_ms,
           CASE WHEN c.placed AND c.at_share AND c.entry_price IS NOT NULL AND c.trader_price > 0
                THEN ((CASE c.side WHEN 'sell' THEN c.trader_price - c.entry_price
                                   ELSE c.entry_price - c.trader_price END) / c.trader_price)::float8 * 100
           END AS slippage
      FROM (
        SELECT c.created_at, c.user_id, c.side, c.status, c.filled_at, c.trader_shared_at, c.entry_price, c.exit_price,
               c.trader_price, closes.exit_price AS trader_exit,
               c.status IN ('OPEN', 'CLOSED') AS placed,
               c.status = 'FAILED' AND c.placement = 'automatic' AND coalesce(c.failure_code = ANY($2::text[]), false)
                 AS skipped,
               c.status = 'CLOSED' AND closes.exit_price > 0 AND c.entry_price > 0 AND c.exit_price IS NOT NULL
                 AND c.trader_price > 0 AS returned,
               -- Copies of an open position: copied when copying began, at the trader's entry of long before.
               c.origin IS DISTINCT FROM 'open_position' AS at_share
          FROM copy_engine.copy_instances c
          LEFT JOIN closes ON closes.trade_id = c.original_trade_id
         WHERE c.trace_id = $1
      ) c
  ),
  -- A follower is in a time frame when their latest placed copy is.
  followers AS (
    SELECT ${FOLLOWER_RESULTS_WINDOWS.map((window) => followersIn(keyOf(window), WINDOW_DAYS[window])).join(',')}
      FROM (SELECT max(created_at) AS last_placed FROM c WHERE placed GROUP BY user_id) f, p
  ),
  s AS (
    SELECT s.shared_at,
           EXISTS (SELECT 1 FROM copy_engine.copy_instances a
                    WHERE a.original_trade_id = s.trade_id AND a.status IN ('OPEN', 'CLOSED')
                      AND a.placement = 'automatic') AS auto_copied
      FROM copy_engine.shared_trades s
     WHERE s.trace_id = $1
  ),
  w AS (SELECT ${FOLLOWER_RESULTS_WINDOWS.map((window) => windowAggregates(keyOf(window), WINDOW_DAYS[window])).join(',')}
          FROM c, p),
  sw AS (SELECT ${FOLLOWER_RESULTS_WINDOWS.map((window) => sharedAggregates(keyOf(window), WINDOW_DAYS[window])).join(',')}
           FROM s, p),
  weeks AS (
    SELECT date_trunc('week', c.created_at AT TIME ZONE 'UTC') AS week,
           count(*) FILTER (WHERE c.placed) AS placed,
           count(*) FILTER (WHERE c.not_placed) AS not_placed,
           count(c.follower_return) AS closed,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY c.follower_return) AS follower_return,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY c.trader_return) AS trader_return,
           count(c.slippage) AS slippages,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY c.slippage) AS slippage
      FROM c, p
     WHERE c.created_at >= p.first_week_at
     GROUP BY 1
  )
  SELECT p.at AS "computedAt",
         jsonb_build_array(${FOLLOWER_RESULTS_WINDOWS.map((window) => windowObject(window, keyOf(window))).join(',')})
           AS windows,
         (SELECT jsonb_agg(jsonb_build_object(
                   'weekStart', to_char(series.week, 'YYYY-MM-DD'),
                   'copiesPlaced', coalesce(weeks.placed, 0),
                   'copiesNotPlaced', coalesce(weeks.not_placed, 0),
                   'followerReturnMedian', ${percentOf('weeks.closed', 'weeks.follower_return')},
                   'traderReturnMedian', ${percentOf('weeks.closed', 'weeks.trader_return')},
                   'slippageMedian', ${percentOf('weeks.slippages', 'weeks.slippage')}) ORDER BY series.week)
            FROM generate_series(p.first_week, p.first_week + interval '${FOLLOWER_RESULTS_SERIES_WEEKS - 1} weeks',
                                 interval '1 week') AS series(week)
            LEFT JOIN weeks ON weeks.week = series.week) AS weekly
    FROM p, w, sw AS s, followers f`;

/** One trace's follower results now (FOLLOWER_RESULTS_SQL); a trace with no copies gets zeros and nulls. */
export async function computeFollowerResults(manager: EntityManager, traceId: string): Promise<TraceFollowerResults> {
  const [row] = (await manager.query(FOLLOWER_RESULTS_SQL, [
    traceId,
    [...COPY_SKIP_CODES],
    FOLLOWER_RESULTS_MIN_COPIES,
  ])) as Array<{ computedAt: Date; windows: TraceFollowerResults['windows']; weekly: TraceFollowerResults['weekly'] }>;
  return { traceId, computedAt: row!.computedAt.toISOString(), windows: row!.windows, weekly: row!.weekly };
}
