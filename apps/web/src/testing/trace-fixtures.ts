import type { TraceSummaryView, TradeView } from '@copytrade/contracts';

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
    ...overrides,
    ownerId,
  };
}

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
