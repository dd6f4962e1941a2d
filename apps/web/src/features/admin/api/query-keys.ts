import { tracesKeys } from '@/lib/traces/query-keys';

/**
 * The admin panel's trace queries, kept under `tracesKeys.admin()` so that one invalidation of that key
 * refreshes both the list and the onboarding trader.
 */
export const adminTracesKeys = {
  all: () => tracesKeys.admin(),
  list: () => [...tracesKeys.admin(), 'list'] as const,
  onboardingTrader: () => [...tracesKeys.admin(), 'onboarding-trader'] as const,
};

/** The admin panel's other reads, each under its own prefix so an action refreshes exactly the lists it touches. */
export const adminKeys = {
  users: (params?: object) => ['admin', 'users', ...(params ? [params] : [])] as const,
  trades: (params?: object) => ['admin', 'trades', ...(params ? [params] : [])] as const,
  feedback: (params?: object) => ['admin', 'feedback', ...(params ? [params] : [])] as const,
  investorStats: (timeFrame?: string) => ['admin', 'investor-stats', ...(timeFrame ? [timeFrame] : [])] as const,
  auditLog: (params?: object) => ['admin', 'audit-log', ...(params ? [params] : [])] as const,
  connections: (params?: object) => ['admin', 'all-connections', ...(params ? [params] : [])] as const,
  providerUsers: () => ['admin', 'snaptrade-users'] as const,
  /** One user's brokerage records (user-connections, user-holdings). */
  userBrokerage: (targetUserId?: string) =>
    ['admin', 'user-brokerage', ...(targetUserId ? [targetUserId] : [])] as const,
};
