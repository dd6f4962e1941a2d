import { Injectable } from '@nestjs/common';
import {
  INVESTOR_STATS_DEFAULT_TIME_FRAME,
  INVESTOR_STATS_TOP_SYMBOLS,
  Messages,
  type InvestorStatsQueryDto,
  type InvestorStatsRpcReply,
  type InvestorStatsTimeFrame,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { TABLE } from '../copies/copy-instances.store';

/** Length of each time frame's recent window in days; `all` has none (its window is all time). */
const WINDOW_DAYS: Record<InvestorStatsTimeFrame, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

/**
 * The copy trades the statistics count: copies that were filled (OPEN or CLOSED with a fill price). PENDING ones
 * are not trades yet and FAILED ones never were. A copy's time is its fill time (its creation time if none is
 * recorded); `recent` is that time within the window ($1 is the window's start, NULL for `all`).
 */
const FILLED = `
  WITH filled AS (
    SELECT user_id, symbol, copy_amount, status, realized_pnl, closed_at,
           coalesce(filled_at, created_at) AS copied_at,
           CASE WHEN status = 'CLOSED' AND copy_amount > 0 THEN realized_pnl / copy_amount * 100 END AS return_pct
      FROM ${TABLE}
     WHERE status IN ('OPEN', 'CLOSED') AND entry_price IS NOT NULL
  ), scoped AS (
    SELECT *, ($1::timestamptz IS NULL OR copied_at >= $1) AS recent,
              (status = 'CLOSED' AND ($1::timestamptz IS NULL OR closed_at >= $1)) AS recently_closed
      FROM filled
  )`;

interface TotalsRow {
  total_trades: number;
  recent_trades: number;
  total_volume: string;
  recent_volume: string;
  active_users: number;
  unique_symbols: number;
  closed: number;
  wins: number;
  recent_closed: number;
  recent_wins: number;
  average_return: string | null;
  average_holding_days: string | null;
  new_active_users: number;
}
interface SymbolRow {
  symbol: string;
  copies: number;
  volume: string;
  average_return: string | null;
}

/**
 * The admin Statistics tab (docs/product.md#admin-panel), from the copy engine's own copies — formulas, over the filled
 * copies above (window = the time frame's last 7/30/90 days, or all time):
 * - overview: totalCopyTrades = all filled copies; recentCopyTrades = those copied in the window; totalVolume /
 *   recentVolume = Σ copy amount (the money invested) of each; activeUsers = distinct copiers in the window;
 *   uniqueSymbols = distinct symbols copied in the window;
 * - performance: totalClosedTrades = all closed copies; overallWinRate = closed copies with a realized gain /
 *   closed copies × 100; recentWinRate = the same over copies closed in the window; averageReturn = mean of
 *   (realized P&L / copy amount × 100) over copies closed in the window; averageHoldingDays = mean of
 *   (closed time − copied time) in days over the same copies;
 * - topSymbols: the 8 symbols with the most copies in the window (then the larger volume, then by name), each with
 *   its copies, Σ copy amount and the mean return of those copies that closed in the window (0 when none);
 * - growth: newActiveUsers = copiers whose first copy ever falls in the window.
 * Rates with no closed copy are 0. Money 2 decimals, win rates 1 decimal, returns and days 2 decimals.
 */
@Injectable()
export class InvestorStatsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ actor, payload }: RpcRequest<InvestorStatsQueryDto>): Promise<InvestorStatsRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
    const timeFrame = payload.timeFrame ?? INVESTOR_STATS_DEFAULT_TIME_FRAME;
    const days = WINDOW_DAYS[timeFrame];
    const since = days === null ? null : new Date(Date.now() - days * 24 * 60 * 60 * 1000);

    const [totals] = (await this.dataSource.query(
      `${FILLED}
       SELECT count(*)::int AS total_trades,
              count(*) FILTER (WHERE recent)::int AS recent_trades,
              coalesce(sum(copy_amount), 0)::text AS total_volume,
              coalesce(sum(copy_amount) FILTER (WHERE recent), 0)::text AS recent_volume,
              count(DISTINCT user_id) FILTER (WHERE recent)::int AS active_users,
              count(DISTINCT symbol) FILTER (WHERE recent)::int AS unique_symbols,
              count(*) FILTER (WHERE status = 'CLOSED')::int AS closed,
              count(*) FILTER (WHERE status = 'CLOSED' AND realized_pnl > 0)::int AS wins,
              count(*) FILTER (WHERE recently_closed)::int AS recent_closed,
              count(*) FILTER (WHERE recently_closed AND realized_pnl > 0)::int AS recent_wins,
              avg(coalesce(return_pct, 0)) FILTER (WHERE recently_closed)::text AS average_return,
              avg(extract(epoch FROM closed_at - copied_at) / 86400) FILTER (WHERE recently_closed)::text
                AS average_holding_days,
              (SELECT count(*)::int FROM (SELECT min(copied_at) AS first FROM scoped GROUP BY user_id) AS firsts
                WHERE $1::timestamptz IS NULL OR firsts.first >= $1) AS new_active_users
         FROM scoped`,
      [since],
    )) as TotalsRow[];
    const symbols = (await this.dataSource.query(
      `${FILLED}
       SELECT symbol, count(*)::int AS copies, sum(copy_amount)::text AS volume,
              avg(coalesce(return_pct, 0)) FILTER (WHERE recently_closed)::text AS average_return
         FROM scoped WHERE recent
        GROUP BY symbol
        ORDER BY copies DESC, sum(copy_amount) DESC, symbol ASC
        LIMIT $2`,
      [since, INVESTOR_STATS_TOP_SYMBOLS],
    )) as SymbolRow[];

    const row = totals!;
    return {
      stats: {
        timeFrame,
        since: since?.toISOString() ?? null,
        overview: {
          totalCopyTrades: row.total_trades,
          recentCopyTrades: row.recent_trades,
          totalVolume: round(row.total_volume, 2),
          recentVolume: round(row.recent_volume, 2),
          activeUsers: row.active_users,
          uniqueSymbols: row.unique_symbols,
        },
        performance: {
          totalClosedTrades: row.closed,
          overallWinRate: percentOf(row.wins, row.closed),
          recentWinRate: percentOf(row.recent_wins, row.recent_closed),
          averageReturn: round(row.average_return, 2),
          averageHoldingDays: round(row.average_holding_days, 2),
        },
        topSymbols: symbols.map((symbol) => ({
          symbol: symbol.symbol,
          copiesCount: symbol.copies,
          totalVolume: round(symbol.volume, 2),
          averageReturn: round(symbol.average_return, 2),
        })),
        growth: { newActiveUsers: row.new_active_users },
      },
    };
  }
}

const round = (value: string | null, places: number): number =>
  value === null ? 0 : new Decimal(value).toDecimalPlaces(places).toNumber();

/** A win rate: part of whole × 100, 1 decimal, 0 when there is nothing to rate. */
const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : new Decimal(part).dividedBy(whole).times(100).toDecimalPlaces(1).toNumber();
