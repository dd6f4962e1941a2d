import type { OwnerTradeView, PostView } from '@copytrade/contracts';
import { STOCK_CONTRACT } from '@/testing/trace-fixtures';
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
