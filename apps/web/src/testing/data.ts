import type { UserView } from '@copytrade/contracts';

export function buildUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'user-1',
    username: 'demo',
    email: 'demo@example.com',
    firstName: 'Demo',
    lastName: 'Trader',
    isAdmin: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    hasCompletedOnboarding: true,
    snaptradeUserId: null,
    snaptradeUserSecret: null,
    snaptradeAccountIds: [],
    brokerageConnected: false,
    autoSubscribedToTrader: false,
    copyTradingEnabled: false,
    defaultCopyAmount: null,
    maxCopyAmount: null,
    closeAutoCopiesOnTraderSell: false,
    ...overrides,
  };
}

export const buildAdmin = (overrides: Partial<UserView> = {}): UserView =>
  buildUser({ id: 'admin-1', username: 'admin', email: 'admin@example.com', isAdmin: true, ...overrides });
