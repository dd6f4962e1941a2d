import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tracesKeys } from '@/features/traces/api/query-keys';

/**
 * After an admin change to a trace: the admin list and onboarding trader, every discovery list, the public
 * onboarding trader, the acting admin's own sidebar (they may have made themselves owner) and, when given,
 * the trace's own page.
 */
export function useInvalidateTracesAfterAdminChange() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ userId, traceId }: { userId: string; traceId?: string }) => {
      const keys: (readonly unknown[])[] = [
        tracesKeys.admin(),
        tracesKeys.lists(),
        tracesKeys.onboardingTrader(),
        tracesKeys.owned(userId),
      ];
      if (traceId) keys.push(tracesKeys.detail(traceId));
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}
