import type { UnsubscribeResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterSubscriptionChange } from './subscribe';

export interface UnsubscribeInput {
  userId: string;
  traceId: string;
}

/** POST /api/unsubscribe {userId, traceId}: ends the user's active subscription (owners are refused, 409). */
export const unsubscribe = (input: UnsubscribeInput): Promise<UnsubscribeResponse> =>
  api.post<UnsubscribeResponse>('/api/unsubscribe', input);

/**
 * Unsubscribe the session user from a trace (docs/product.md#subscribe-and-unsubscribe): the lists and the page are
 * refreshed after it, and a failure is only logged, never shown.
 */
export function useUnsubscribe({ userId, traceId }: UnsubscribeInput) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe({ userId, traceId }),
    onError: (error) => console.error('Failed to unsubscribe from the trace', error),
    onSettled: () => refreshAfterSubscriptionChange(queryClient, userId, traceId),
  });
}
