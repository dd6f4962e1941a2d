import type { SubscribeResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

export interface SubscribeInput {
  userId: string;
  traceId: string;
  tierId: string;
}

/**
 * What a subscribe came to: a new subscription, or one the user already had
 * (docs/product.md#subscribe-and-unsubscribe).
 */
export type SubscribeOutcome =
  { alreadySubscribed: false; subscription: SubscribeResponse['subscription'] } | { alreadySubscribed: true };

/** The 'already has a subscription' answer (409 ALREADY_SUBSCRIBED). */
export const isAlreadySubscribed = (error: unknown): boolean =>
  isApiError(error) &&
  (error.code === 'ALREADY_SUBSCRIBED' || /already has a subscription/i.test(error.serverMessage ?? ''));

/** POST /api/subscribe {userId, traceId, tierId}. An existing subscription is treated like success. */
export async function subscribe(input: SubscribeInput): Promise<SubscribeOutcome> {
  try {
    const response = await api.post<SubscribeResponse>('/api/subscribe', input);
    return { alreadySubscribed: false, subscription: response.subscription };
  } catch (error) {
    if (isAlreadySubscribed(error)) return { alreadySubscribed: true };
    throw error;
  }
}

/** After subscribe or unsubscribe: the user's subscriptions (sidebar Joined Traces) and the trace's page data. */
export function refreshAfterSubscriptionChange(queryClient: QueryClient, userId: string, traceId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tracesKeys.subscriptions(userId) }),
    queryClient.invalidateQueries({ queryKey: tracesKeys.detail(traceId) }),
  ]);
}

/**
 * Subscribe the session user to a trace at `tierId` (docs/product.md#subscribe-and-unsubscribe): the lists and the page
 * are refreshed after it (the mutation stays pending until they are), and a failure is only logged, never shown.
 */
export function useSubscribe({ userId, traceId }: { userId: string; traceId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierId: string) => subscribe({ userId, traceId, tierId }),
    onError: (error) => console.error('Failed to subscribe to the trace', error),
    onSettled: () => refreshAfterSubscriptionChange(queryClient, userId, traceId),
  });
}
