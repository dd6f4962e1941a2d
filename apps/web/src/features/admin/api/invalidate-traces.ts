import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tracesKeys } from '@/lib/traces/query-keys';

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

/**
 * A mutation of the admin's traces API (`mutationFn` posts the input): once it succeeds, after the caller's own
 * `onSuccess`, what the change touched is refreshed (see above; the trace's page when the input names a trace).
 */
export function useAdminTraceMutation<TResponse, TInput extends { userId: string; traceId?: string }>(
  mutationFn: (input: TInput) => Promise<TResponse>,
  mutationConfig: UseMutationOptions<TResponse, Error, TInput> = {},
) {
  const invalidate = useInvalidateTracesAfterAdminChange();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: async (response, input, ...args) => {
      await onSuccess?.(response, input, ...args);
      void invalidate({ userId: input.userId, traceId: input.traceId });
    },
  });
}
