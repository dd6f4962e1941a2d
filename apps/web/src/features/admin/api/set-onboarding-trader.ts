import type { AdminSetOnboardingTraderResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useInvalidateTracesAfterAdminChange } from './invalidate-traces';

/** POST /api/admin/set-onboarding-trader {userId, traceId}: the trace new users are walked to. */
export const setOnboardingTrader = (input: {
  userId: string;
  traceId: string;
}): Promise<AdminSetOnboardingTraderResponse> =>
  api.post<AdminSetOnboardingTraderResponse>('/api/admin/set-onboarding-trader', input);

export function useSetOnboardingTrader({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setOnboardingTrader> } = {}) {
  const invalidate = useInvalidateTracesAfterAdminChange();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: setOnboardingTrader,
    onSuccess: async (response, input, ...args) => {
      await onSuccess?.(response, input, ...args);
      void invalidate({ userId: input.userId, traceId: input.traceId });
    },
  });
}
