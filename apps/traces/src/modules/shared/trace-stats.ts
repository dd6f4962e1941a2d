import type { EntityManager } from 'typeorm';
import { tracesChangedAfterCommit } from '../traces-changes/traces-changes';

/**
 * A trace's statistics, recomputed from its own trades (never typed in) each time its trades change.
 *
 * For a closed trade i (its current_price is the exit price):
 *   r_i = (exit − entry) / entry × 100 for a buy, (entry − exit) / entry × 100 for a sell   (percent)
 * - winRate          = closed trades with r_i > 0 ÷ closed trades × 100 (0 without closed trades)
 * - profitableTrades = closed trades with r_i > 0;   totalTrades = all trades, open and closed
 * - totalReturn      = Σ r_i over all closed trades (simple, uncompounded: a full stake in each trade)
 * - monthlyReturn    = Σ r_i over the trades closed in the last 30 days
 * - maxDrawdown      = the largest fall, in percentage points, of the running Σ r_i (trades in closing order)
 *                      from its highest earlier value (the curve starts at 0)
 * - avgTradeSize     = mean entry value in dollars, quantity × entry price (options: the stored price is in
 *                      hundredths, so ÷ 100 per contract)
 * All are rounded to 2 decimals. monthlyReturn is as of the last recomputation. Every writer of trades calls this,
 * so the gateways are told here that the trace changed (after the commit: they drop their cached reads of it).
 */
export async function recomputeTraceStats(manager: EntityManager, traceId: string): Promise<void> {
  await manager.query(
    `WITH t AS (
       SELECT id, status, closed_at,
              quantity * price * (CASE WHEN is_options THEN 0.01 ELSE 1 END) AS notional,
              (CASE side WHEN 'buy' THEN current_price - price ELSE price - current_price END) / price * 100 AS r
         FROM traces.trades WHERE trace_id = $1),
     closed AS (
       SELECT r, closed_at, sum(r) OVER (ORDER BY closed_at, id ROWS UNBOUNDED PRECEDING) AS cum
         FROM t WHERE status = 'closed'),
     curve AS (
       SELECT cum, greatest(0, max(cum) OVER (ORDER BY closed_at ROWS UNBOUNDED PRECEDING)) AS peak FROM closed),
     stats AS (
       SELECT (SELECT count(*) FROM t) AS total_trades,
              (SELECT avg(notional) FROM t) AS avg_size,
              count(*) AS closed_count,
              count(*) FILTER (WHERE r > 0) AS profitable,
              sum(r) AS total_return,
              sum(r) FILTER (WHERE closed_at >= now() - interval '30 days') AS monthly_return,
              (SELECT max(peak - cum) FROM curve) AS max_drawdown
         FROM closed)
     UPDATE traces.traces SET
       total_trades = stats.total_trades,
       profitable_trades = stats.profitable,
       win_rate = coalesce(round(100.0 * stats.profitable / nullif(stats.closed_count, 0), 2), 0),
       total_return = coalesce(round(stats.total_return, 2), 0),
       monthly_return = coalesce(round(stats.monthly_return, 2), 0),
       max_drawdown = coalesce(round(stats.max_drawdown, 2), 0),
       avg_trade_size = coalesce(round(stats.avg_size, 2), 0)
     FROM stats WHERE traces.traces.id = $1`,
    [traceId],
  );
  await tracesChangedAfterCommit(manager, traceId);
}
