import type { OwnerSubscriberView, OwnerSubscribersResponse } from '@copytrade/contracts';
import { OWNER_SUBSCRIBERS_PAGE_DEFAULT } from '@copytrade/contracts/http/traces/traces.rules';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

/**
 * GET /api/trace-owner/{traceId}/subscribers?limit=&cursor=: the trace's subscribers, newest first, one page;
 * `cursor` is the previous page's nextCursor.
 */
export function getOwnerSubscribers(
  traceId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OwnerSubscribersResponse> {
  const query = new URLSearchParams({ limit: String(OWNER_SUBSCRIBERS_PAGE_DEFAULT) });
  if (cursor) query.set('cursor', cursor);
  return api.get<OwnerSubscribersResponse>(
    `/api/trace-owner/${encodeURIComponent(traceId)}/subscribers?${query.toString()}`,
    { signal },
  );
}

export const getOwnerSubscribersQueryOptions = (traceId: string) =>
  infiniteQueryOptions({
    queryKey: traceDashboardKeys.subscribers(traceId),
    queryFn: ({ pageParam, signal }) => getOwnerSubscribers(traceId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every subscriber loaded so far, in the server's order (newest first). */
export const subscribersOf = (
  data: InfiniteData<OwnerSubscribersResponse, unknown> | undefined,
): OwnerSubscriberView[] => (data ? data.pages.flatMap((page) => page.subscribers) : []);

export function useOwnerSubscribers(traceId: string) {
  return useInfiniteQuery(getOwnerSubscribersQueryOptions(traceId));
}
