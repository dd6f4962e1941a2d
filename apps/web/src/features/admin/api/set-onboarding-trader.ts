import type { AdminSetOnboardingTraderResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useAdminTraceMutation } from './invalidate-traces';

/** POST /api/admin/set-onboarding-trader {userId, traceId}: the trace new users are walked to. */
export const setOnboardingTrader = (input: {
  userId: string;
  traceId: string;
}): Promise<AdminSetOnboardingTraderResponse> =>
  api.post<AdminSetOnboardingTraderResponse>('/api/admin/set-onboarding-trader', input);

export function useSetOnboardingTrader({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setOnboardingTrader> } = {}) {
  return useAdminTraceMutation(setOnboardingTrader, mutationConfig);
}
