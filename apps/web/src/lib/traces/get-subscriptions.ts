import type { SubscriptionView, SubscriptionsResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

/** GET /api/subscriptions/{userId}: the traces the user has joined (sidebar "Joined Traces"). */
export async function getSubscriptions(userId: string): Promise<SubscriptionView[]> {
  const response = await api.get<SubscriptionsResponse>(`/api/subscriptions/${encodeURIComponent(userId)}`);
  return response.subscriptions ?? [];
}

export const getSubscriptionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: tracesKeys.subscriptions(userId),
    queryFn: () => getSubscriptions(userId),
  });

export function useSubscriptions(userId: string | undefined) {
  return useQuery({ ...getSubscriptionsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
