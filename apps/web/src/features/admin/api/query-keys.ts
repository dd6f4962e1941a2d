import { tracesKeys } from '@/features/traces/api/query-keys';

/**
 * The admin panel's trace queries, kept under `tracesKeys.admin()` so that one invalidation of that key
 * refreshes both the list and the onboarding trader.
 */
export const adminTracesKeys = {
  all: () => tracesKeys.admin(),
  list: () => [...tracesKeys.admin(), 'list'] as const,
  onboardingTrader: () => [...tracesKeys.admin(), 'onboarding-trader'] as const,
};
