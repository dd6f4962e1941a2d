/** Query keys of the owner dashboard: everything of one trace lives under `trace(traceId)`. */
export const traceDashboardKeys = {
  all: ['trace-dashboard'] as const,
  trace: (traceId: string) => [...traceDashboardKeys.all, traceId] as const,
  integration: (traceId: string) => [...traceDashboardKeys.trace(traceId), 'integration'] as const,
  trades: (traceId: string) => [...traceDashboardKeys.trace(traceId), 'trades'] as const,
  /** The Analytics tab: follower results, their weekly series and copies per shared trade. */
  analytics: (traceId: string) => [...traceDashboardKeys.trace(traceId), 'analytics'] as const,
  /** The Subscribers tab: every page loaded so far. */
  subscribers: (traceId: string) => [...traceDashboardKeys.trace(traceId), 'subscribers'] as const,
  accounts: (userId: string) => [...traceDashboardKeys.all, 'accounts', userId] as const,
  /** The owner's notification switches: one set for all their traces. */
  notificationPreferences: (userId: string) =>
    [...traceDashboardKeys.all, 'owner-notification-preferences', userId] as const,
};
