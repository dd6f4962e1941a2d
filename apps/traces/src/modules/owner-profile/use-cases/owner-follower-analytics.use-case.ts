import { Injectable } from '@nestjs/common';
import {
  FOLLOWER_RESULTS_MIN_COPIES,
  FOLLOWER_RESULTS_SERIES_WEEKS,
  OWNER_ANALYTICS_TRADES_MAX,
  type GetOwnerAnalyticsRpcReply,
  type RpcRequest,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { findFollowerResults } from '../../follower-results/follower-results.store';
import { requireTraceOwner } from '../../shared/trace-access';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The last `count` weeks (Monday 00:00 UTC), oldest first, the current week last — as the follower results give them. */
export function lastWeekStarts(now: Date, count = FOLLOWER_RESULTS_SERIES_WEEKS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, index) =>
    new Date(monday - (count - 1 - index) * WEEK_MS).toISOString().slice(0, 10),
  );
}

/**
 * Active subscribers at the end of each week (the current week: now): subscriptions started before it and not ended
 * by then. A subscription's start is its row's created_at and a re-subscription re-activates the same row, so a
 * subscriber who left and came back counts from their first start (as the owner's other analytics do).
 */
export async function subscribersWeekly(
  manager: EntityManager,
  traceId: string,
  weekStarts: string[],
  now: Date,
): Promise<Array<{ weekStart: string; subscribers: number }>> {
  if (weekStarts.length === 0) return [];
  const ends = weekStarts.map((start) => new Date(Math.min(new Date(start).getTime() + WEEK_MS, now.getTime())));
  const rows = (await manager.query(
    `SELECT w.n::int AS n, count(s.id)::int AS subscribers
       FROM unnest($2::timestamptz[]) WITH ORDINALITY AS w(week_end, n)
       LEFT JOIN traces.subscriptions s
         ON s.trace_id = $1 AND s.created_at < w.week_end
        AND (s.ended_at IS NULL OR s.ended_at >= w.week_end)
        AND NOT (s.status = 'ended' AND s.ended_at IS NULL)
      GROUP BY w.n ORDER BY w.n`,
    [traceId, ends.map((end) => end.toISOString())],
  )) as Array<{ n: number; subscribers: number }>;
  return rows.map((row) => ({ weekStart: weekStarts[row.n - 1]!, subscribers: row.subscribers }));
}

/**
 * GET /api/trace-owner/{traceId}/analytics (owner only): the trace's follower results (every time frame and the
 * weekly series, as last computed by the copy engine), its subscribers at the end of the same weeks, and the copies
 * of its latest shared trades.
 */
@Injectable()
export class OwnerFollowerAnalyticsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ actor, payload }: RpcRequest<TraceIdRpcRequest>): Promise<GetOwnerAnalyticsRpcReply> {
    const manager = this.dataSource.manager;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const now = new Date();
    const results = await findFollowerResults(manager, trace.id);
    const weekly = results?.weekly ?? [];
    const weekStarts = weekly.length > 0 ? weekly.map((week) => week.weekStart) : lastWeekStarts(now);
    const subscribers = await subscribersWeekly(manager, trace.id, weekStarts, now);
    const trades = (await manager.query(
      `SELECT id::text AS id, symbol, shared_at, copy_count FROM traces.trades
        WHERE trace_id = $1 AND is_shared AND shared_at IS NOT NULL
        ORDER BY shared_at DESC, id DESC LIMIT $2`,
      [trace.id, OWNER_ANALYTICS_TRADES_MAX],
    )) as Array<{ id: string; symbol: string; shared_at: Date; copy_count: number }>;
    return {
      computedAt: results ? results.computedAt.toISOString() : null,
      minCopies: FOLLOWER_RESULTS_MIN_COPIES,
      windows: results?.windows ?? [],
      weekly,
      subscribersWeekly: subscribers,
      copiesPerTrade: trades.map((trade) => ({
        tradeId: trade.id,
        symbol: trade.symbol,
        sharedAt: trade.shared_at.toISOString(),
        copyCount: trade.copy_count,
      })),
    };
  }
}
