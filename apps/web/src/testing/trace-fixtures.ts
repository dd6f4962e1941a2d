import type {
  FollowerResultsFigures,
  FollowerResultsView,
  FollowerResultsWindow,
  TraceSummaryView,
  TradeView,
} from '@copytrade/contracts';

/**
 * A trace as the traces service answers it in lists (GET /api/traces): Momentum Masters, verified and featured,
 * medium risk, four trading styles. Tests override what they check; the owner follows `ownerId`.
 */
export function buildTraceSummary(overrides: Partial<TraceSummaryView> = {}): TraceSummaryView {
  const ownerId = overrides.ownerId ?? 'owner-1';
  return {
    id: 'trace-1',
    name: 'Momentum Masters',
    handle: '@momentum_masters',
    avatar: null,
    banner: null,
    isVerified: true,
    isFeatured: true,
    isActive: true,
    winRate: 68.54,
    monthlyReturn: 23.456,
    totalReturn: 120,
    maxDrawdown: 8,
    subscriberCount: 12_345,
    totalLikes: 40,
    avgTradeSize: 2500,
    totalTrades: 120,
    profitableTrades: 82,
    riskLevel: 'medium',
    tradingStyle: ['day_trading', 'options', 'stocks', 'crypto'],
    description: 'Momentum breakouts on large caps.',
    bio: '',
    owner: { id: ownerId },
    minInvestment: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    followerReturnMedian: null,
    slippageMedian: null,
    ...overrides,
    ownerId,
  };
}

/**
 * One time frame's follower results with every figure known: 48 followers, 120 copies placed, a median follower
 * return of 4.2 % beside the trader's 5.1 %, a 1.2 s median delay and 0.12 % slippage (worse than the trader).
 */
export function buildFollowerResultsFigures(
  window: FollowerResultsWindow = 'all',
  overrides: Partial<FollowerResultsFigures> = {},
): FollowerResultsFigures {
  return {
    window,
    followers: 48,
    copiesPlaced: 120,
    copiesSkipped: 15,
    copiesNotPlaced: 5,
    fillRate: 96,
    closedCopies: 80,
    followerReturnMedian: 4.2,
    followerReturnP90: 11.8,
    traderReturnMedian: 5.1,
    delayMedianMs: 1_200,
    delayP95Ms: 180_000,
    slippageMedian: 0.12,
    slippageP95: 0.85,
    autoCopiedShare: 87.5,
    sharedTrades: 24,
    ...overrides,
  };
}

/**
 * A trace page's follower results: the full view (every time frame) unless `summaryOnly`, where only 'all' is
 * answered, without the tail percentiles (as the traces service answers the public view).
 */
export function buildFollowerResultsView(overrides: Partial<FollowerResultsView> = {}): FollowerResultsView {
  const summaryOnly = overrides.summaryOnly ?? false;
  const windows = summaryOnly
    ? [buildFollowerResultsFigures('all', { followerReturnP90: null, delayP95Ms: null, slippageP95: null })]
    : (['30d', '90d', 'all'] as const).map((window) => buildFollowerResultsFigures(window));
  return { summaryOnly, computedAt: '2026-03-10T12:00:00.000Z', minCopies: 10, windows, ...overrides };
}

/** Nothing computed yet: no copy of the trace was ever decided. */
export const NO_FOLLOWER_RESULTS: FollowerResultsView = {
  summaryOnly: false,
  computedAt: null,
  minCopies: 10,
  windows: [],
};

/** The contract fields of a stock (no option), as every trade and position view carries them. */
export const STOCK_CONTRACT = {
  isOptions: false,
  optionType: null,
  optionsTicker: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
} as const;

/** A live NVDA trade (10 shares at $100, now $112.50) as the traces service answers it; tests override what they check. */
export function buildTradeView(overrides: Partial<TradeView> = {}): TradeView {
  return {
    id: 'trade-1',
    symbol: 'NVDA',
    side: 'buy',
    quantity: 10,
    price: 100,
    currentPrice: 112.5,
    status: 'open',
    executedAt: '2026-03-02T15:30:00.000Z',
    closedAt: null,
    strategy: 'Breakout',
    confidence: 'High',
    notes: null,
    tags: [],
    requiredTier: 'basic',
    ...STOCK_CONTRACT,
    unrealizedPnl: 125,
    realizedPnl: 0,
    copyCount: 0,
    ...overrides,
  };
}
