import type { OwnerAnalyticsResponse, OwnerSubscriberView, OwnerTradeView, PostView } from '@copytrade/contracts';
import { buildFollowerResultsFigures, STOCK_CONTRACT } from '@/testing/trace-fixtures';
import type { OwnerTraceData } from '../api/get-owner-trace';

export const TRACE_ID = '22222222-2222-4222-8222-222222222222';

export const ownerPost = (id: string, overrides: Partial<PostView> = {}): PostView => ({
  id,
  title: `Post ${id}`,
  content: `Content of ${id}`,
  createdAt: '2026-02-01T10:00:00.000Z',
  isPinned: false,
  isPublic: true,
  likeCount: 3,
  commentCount: 1,
  ...overrides,
});

export function buildOwnerTraceData(overrides: Partial<OwnerTraceData> = {}): OwnerTraceData {
  return {
    trace: {
      id: TRACE_ID,
      name: 'Momentum Masters',
      handle: '@momentum_masters',
      description: 'Momentum swing trades.',
      bio: 'Ten years of momentum trading.',
      tradingStyle: ['stocks', 'swing_trading'],
      riskLevel: 'medium',
      minInvestment: 1000,
      allowComments: true,
      allowCopying: true,
      autoShareProfitableTrades: false,
      defaultSharingTier: 'premium',
      publicProfile: true,
      avatar: null,
      subscriberCount: 1234,
      monthlyReturn: 12.3,
      winRate: 72.46,
      totalLikes: 56,
      ...overrides.trace,
    },
    owner: {
      username: 'maya_chen',
      email: 'maya@example.com',
      snaptradeUserId: null,
      brokerageConnected: false,
      ...overrides.owner,
    },
    analytics: {
      totalRevenue: 0,
      monthlyRevenue: 0,
      potentialMonthlyRevenue: 120,
      betaFreeAccess: true,
      revenueNote: 'Nothing is charged during the beta: revenue is $0 until paid subscriptions start.',
      subscriberGrowth: 25,
      newSubscribersLast30Days: 2,
      subscribersThirtyDaysAgo: 8,
      engagementRate: 4.54,
      recentSubscribers: [
        { userId: 'u-1', username: 'leo_park', tier: 'basic', subscribedAt: '2026-03-01T10:00:00.000Z' },
        { userId: 'u-2', username: null, tier: 'vip', subscribedAt: '2026-02-20T10:00:00.000Z' },
      ],
      ...overrides.analytics,
    },
    posts: overrides.posts ?? [ownerPost('p1', { isPinned: true }), ownerPost('p2', { isPublic: false })],
    subscriptionTiers: overrides.subscriptionTiers ?? [],
  };
}

export function ownerTrade(id: string, overrides: Partial<OwnerTradeView> = {}): OwnerTradeView {
  return {
    id,
    symbol: 'NVDA',
    side: 'buy',
    status: 'open',
    quantity: 10,
    price: 100,
    currentPrice: 112.5,
    executedAt: '2026-03-02T15:30:00.000Z',
    description: 'Bought 10 NVDA',
    isShared: false,
    copyCount: 0,
    requiredTier: null,
    ...STOCK_CONTRACT,
    ...overrides,
  };
}

/** The owner's Analytics answer: every time frame, `weeks` weeks of series (oldest first) and two shared trades. */
export function buildOwnerAnalytics(overrides: Partial<OwnerAnalyticsResponse> = {}): OwnerAnalyticsResponse {
  const weekStarts = ['2026-02-16', '2026-02-23', '2026-03-02'];
  return {
    success: true,
    computedAt: '2026-03-05T12:00:00.000Z',
    minCopies: 10,
    windows: (['30d', '90d', 'all'] as const).map((window) => buildFollowerResultsFigures(window)),
    weekly: weekStarts.map((weekStart, index) => ({
      weekStart,
      copiesPlaced: [4, 0, 12][index]!,
      copiesNotPlaced: [1, 0, 2][index]!,
      followerReturnMedian: [null, null, 2.5][index]!,
      traderReturnMedian: [null, null, 3.25][index]!,
      slippageMedian: [null, null, 0.08][index]!,
    })),
    subscribersWeekly: weekStarts.map((weekStart, index) => ({ weekStart, subscribers: [3, 5, 8][index]! })),
    copiesPerTrade: [
      { tradeId: 'trade-2', symbol: 'AAPL', sharedAt: '2026-03-03T15:00:00.000Z', copyCount: 12 },
      { tradeId: 'trade-1', symbol: 'NVDA', sharedAt: '2026-02-17T15:00:00.000Z', copyCount: 1 },
    ],
    ...overrides,
  };
}

export function ownerSubscriber(userId: string, overrides: Partial<OwnerSubscriberView> = {}): OwnerSubscriberView {
  return {
    userId,
    username: `user_${userId}`,
    tier: 'basic',
    status: 'active',
    since: '2026-03-01T10:00:00.000Z',
    copies: 3,
    ...overrides,
  };
}
