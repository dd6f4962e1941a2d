/** Query keys of the traces feature (and the screens built on it); user-scoped entries carry the user's id. */
export const tracesKeys = {
  all: ['traces'] as const,
  subscriptions: (userId: string) => [...tracesKeys.all, 'subscriptions', userId] as const,
  owned: (userId: string) => [...tracesKeys.all, 'owned', userId] as const,
  /** Discovery lists: one entry per search / category / sort / page. */
  lists: () => [...tracesKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...tracesKeys.lists(), params] as const,
  /** One trace: its detail, tiers and trades lists live under it, so one invalidation refreshes the page. */
  detail: (traceId: string) => [...tracesKeys.all, 'detail', traceId] as const,
  tiers: (traceId: string) => [...tracesKeys.detail(traceId), 'tiers'] as const,
  trades: (traceId: string, params: Record<string, unknown>) =>
    [...tracesKeys.detail(traceId), 'trades', params] as const,
  onboardingTrader: () => [...tracesKeys.all, 'onboarding-trader'] as const,
  admin: () => [...tracesKeys.all, 'admin'] as const,
};
