import type {
  AdminAuditEntryView,
  AdminConnectionView,
  AdminFeedbackView,
  AdminPagination,
  AdminProviderUserView,
  AdminTradeView,
  AdminUserView,
  InvestorStatsView,
} from '@copytrade/contracts';
import { signedInAs, type MockRoutes } from '@/testing/mock-api';
import { ADMIN } from './admin-traces-fixtures';

export { ADMIN };
export const TARGET_ID = '3c4d5e6f-0000-4000-8000-00000000d004';

export const pagination = (total: number, page = 1, limit = 25): AdminPagination => ({
  page,
  limit,
  total,
  pages: Math.ceil(total / limit),
});

export function buildAdminUser(overrides: Partial<AdminUserView> = {}): AdminUserView {
  return {
    id: TARGET_ID,
    email: 'jordan@example.com',
    username: 'jordan',
    firstName: 'Jordan',
    lastName: 'Lee',
    createdAt: '2026-05-02T10:00:00.000Z',
    snaptradeUserId: null,
    brokerageConnected: false,
    isAdmin: false,
    ...overrides,
  };
}

/** The signed-in admin as the Users list shows it. */
export const ADMIN_ROW = buildAdminUser({
  id: ADMIN.id,
  email: ADMIN.email,
  username: ADMIN.username,
  isAdmin: true,
});

export function buildAdminTrade(overrides: Partial<AdminTradeView> = {}): AdminTradeView {
  return {
    id: '7a000000-0000-4000-8000-000000000001',
    symbol: 'AAPL',
    side: 'buy',
    isOptions: false,
    optionType: null,
    optionsTicker: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
    quantity: 10,
    price: 185.5,
    currentPrice: 190,
    isShared: true,
    requiredTier: 'basic',
    status: 'open',
    strategy: 'Momentum',
    confidence: 'High',
    notes: 'Breakout over resistance',
    tags: ['tech', 'swing'],
    unrealizedPnl: 45,
    realizedPnl: 0,
    executedAt: '2026-11-20T15:30:00.000Z',
    trader: { id: 'owner-1', username: 'maya_chen' },
    trace: { id: '8b000000-0000-4000-8000-000000000001', name: 'Momentum Masters', handle: 'momentum_masters' },
    copyCount: 0,
    copyInstances: [],
    moreCopies: 0,
    ...overrides,
  };
}

export function buildFeedback(overrides: Partial<AdminFeedbackView> = {}): AdminFeedbackView {
  return {
    id: 'fb000000-0000-4000-8000-000000000001',
    type: 'bug',
    status: 'open',
    priority: 'medium',
    message: 'The chart does not load on Safari.',
    page: '/dashboard',
    contactEmail: 'jordan@example.com',
    userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
    createdAt: '2026-11-21T09:15:00.000Z',
    user: { email: 'jordan@example.com', username: 'jordan' },
    ...overrides,
  };
}

export function buildInvestorStats(overrides: Partial<InvestorStatsView> = {}): InvestorStatsView {
  return {
    timeFrame: '30d',
    since: '2026-10-24T00:00:00.000Z',
    overview: {
      totalCopyTrades: 1284,
      recentCopyTrades: 312,
      totalVolume: 482_350.5,
      recentVolume: 120_400,
      activeUsers: 87,
      uniqueSymbols: 42,
    },
    performance: {
      totalClosedTrades: 640,
      overallWinRate: 61.25,
      recentWinRate: 58.4,
      averageReturn: 3.42,
      averageHoldingDays: 6.5,
    },
    topSymbols: [
      { symbol: 'AAPL', copiesCount: 120, totalVolume: 48_000, averageReturn: 4.1 },
      { symbol: 'TSLA', copiesCount: 96, totalVolume: 52_300, averageReturn: -2.35 },
    ],
    growth: { newActiveUsers: 14 },
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AdminAuditEntryView> = {}): AdminAuditEntryView {
  return {
    id: 'au000000-0000-4000-8000-000000000001',
    action: 'user.toggle-admin',
    actor: { id: ADMIN.id, username: ADMIN.username, email: ADMIN.email },
    target: { type: 'user', id: TARGET_ID },
    before: { isAdmin: false },
    after: { isAdmin: true },
    requestId: 'req-1',
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export function buildConnection(overrides: Partial<AdminConnectionView> = {}): AdminConnectionView {
  return {
    id: 'conn-1',
    userId: TARGET_ID,
    user: { username: 'jordan', email: 'jordan@example.com' },
    provider: 'paper',
    providerUserId: 'paper-user-1',
    brokerage: { slug: 'ALPACA', name: 'Alpaca' },
    disabled: false,
    status: 'CONNECTED',
    accountCount: 1,
    syncedAt: '2026-11-22T07:00:00.000Z',
    ...overrides,
  };
}

export function buildProviderUser(overrides: Partial<AdminProviderUserView> = {}): AdminProviderUserView {
  return {
    snaptradeUserId: 'snap-user-1',
    userId: TARGET_ID,
    user: { username: 'jordan', email: 'jordan@example.com' },
    hasDbRecord: true,
    existsAtProvider: true,
    createdAt: '2026-06-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Signed in as the admin; the Users tab (opened first) lists no one unless a test says otherwise. */
export const asAdmin = (routes: MockRoutes = {}): MockRoutes => ({
  ...signedInAs(ADMIN),
  'POST /api/admin/users': { body: { success: true, users: [], pagination: pagination(0) } },
  ...routes,
});
