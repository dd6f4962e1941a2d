import type { AdminOnboardingTraderResponse, AdminTraceView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTracesKeys } from './query-keys';

/** POST /api/admin/onboarding-trader {userId} (admins only): the designated trace, or null when none is. */
export async function getAdminOnboardingTrader({ userId }: { userId: string }): Promise<AdminTraceView | null> {
  const response = await api.post<AdminOnboardingTraderResponse>('/api/admin/onboarding-trader', { userId });
  return response.onboardingTrader ?? null;
}

export const getAdminOnboardingTraderQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminTracesKeys.onboardingTrader(),
    queryFn: () => getAdminOnboardingTrader({ userId }),
  });

export function useAdminOnboardingTrader(userId: string) {
  return useQuery(getAdminOnboardingTraderQueryOptions(userId));
}
