import type { OnboardingStatusResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

/** POST /api/check-onboarding-status {userId} (cookies): whether the server has the user's onboarding completed. */
export async function checkOnboardingStatus(userId: string): Promise<boolean> {
  const response = await api.post<OnboardingStatusResponse>('/api/check-onboarding-status', { userId });
  return response.completed === true;
}

export const getOnboardingStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: onboardingKeys.status(userId),
    queryFn: () => checkOnboardingStatus(userId),
    // A failed check is not retried: the user's own flag decides then (docs/product.md#onboarding-wizard), without a
    // longer spinner.
    retry: false,
    // Asked again on every visit to /dashboard until the session's flag says completed.
    staleTime: 0,
  });

/** The server's answer, asked only while the session's user does not already say completed. */
export function useOnboardingStatus({ userId, enabled }: { userId: string; enabled: boolean }) {
  return useQuery({ ...getOnboardingStatusQueryOptions(userId), enabled });
}
