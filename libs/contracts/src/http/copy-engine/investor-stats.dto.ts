import { IsIn, IsOptional } from 'class-validator';

/** Statistics tab time frames (docs/product.md#admin-panel), 30d by default; `all` has no recent window. */
export const INVESTOR_STATS_TIME_FRAMES = ['7d', '30d', '90d', 'all'] as const;
export type InvestorStatsTimeFrame = (typeof INVESTOR_STATS_TIME_FRAMES)[number];
export const INVESTOR_STATS_DEFAULT_TIME_FRAME: InvestorStatsTimeFrame = '30d';
export const INVESTOR_STATS_TOP_SYMBOLS = 8;

/** GET /api/copy-trades/analytics/investor-stats?timeFrame= */
export class InvestorStatsQueryDto {
  @IsOptional()
  @IsIn(INVESTOR_STATS_TIME_FRAMES, { message: `timeFrame must be one of: ${INVESTOR_STATS_TIME_FRAMES.join(', ')}` })
  timeFrame?: InvestorStatsTimeFrame;
}

export interface InvestorStatsView {
  timeFrame: InvestorStatsTimeFrame;
  /** Start of the recent window (ISO), null for `all`. */
  since: string | null;
  overview: {
    totalCopyTrades: number;
    recentCopyTrades: number;
    totalVolume: number;
    recentVolume: number;
    activeUsers: number;
    uniqueSymbols: number;
  };
  performance: {
    totalClosedTrades: number;
    overallWinRate: number;
    recentWinRate: number;
    averageReturn: number;
    averageHoldingDays: number;
  };
  topSymbols: { symbol: string; copiesCount: number; totalVolume: number; averageReturn: number }[];
  growth: { newActiveUsers: number };
}

export interface InvestorStatsResponse {
  success: true;
  stats: InvestorStatsView;
}
