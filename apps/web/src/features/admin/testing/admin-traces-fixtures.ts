import type { AdminTraceView } from '@copytrade/contracts';
import { buildAdmin } from '@/testing/data';
import { signedInAs, type MockRoutes } from '@/testing/mock-api';

export const ADMIN = buildAdmin({ id: '0b7a3c1e-0000-4000-8000-00000000a001' });
export const OWNER_ID = '5f0c6c8e-0000-4000-8000-00000000b002';
export const NEW_OWNER_ID = '9d1e2f3a-0000-4000-8000-00000000c003';

/** An admin list row as POST /api/admin/traces answers it. */
export function buildAdminTrace(overrides: Partial<AdminTraceView> = {}): AdminTraceView {
  const id = overrides.id ?? 'trace-1';
  const ownerId = overrides.ownerId ?? OWNER_ID;
  return {
    id,
    name: 'Momentum Masters',
    handle: '@momentum_masters',
    avatar: null,
    banner: null,
    isVerified: true,
    isFeatured: true,
    isActive: true,
    winRate: 68.4,
    monthlyReturn: 12.5,
    totalReturn: 80.1,
    maxDrawdown: 9.2,
    subscriberCount: 12_482,
    totalLikes: 30,
    avgTradeSize: 1500,
    totalTrades: 240,
    profitableTrades: 164,
    riskLevel: 'medium',
    tradingStyle: ['stocks', 'swing_trading'],
    description: 'Momentum stocks',
    bio: '',
    ownerId,
    owner: { id: ownerId, username: 'maya_chen', email: 'maya@example.com' },
    minInvestment: 0,
    createdAt: '2026-03-04T12:00:00.000Z',
    counts: { subscriptions: 12_482, trades: 240, posts: 7 },
    isOnboardingTrader: false,
    ...overrides,
  };
}

/** Signed in as the admin, with the Traces tab's two reads answering `traces` and `onboardingTrader`. */
export function adminWithTraces(
  traces: AdminTraceView[] = [],
  onboardingTrader: AdminTraceView | null = null,
): MockRoutes {
  return {
    ...signedInAs(ADMIN),
    'POST /api/admin/traces': { body: { success: true, traces } },
    'POST /api/admin/onboarding-trader': { body: { success: true, onboardingTrader } },
  };
}
