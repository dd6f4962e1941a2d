import type { AdminTraceView, AdminTracesResponse } from '@copytrade/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminTracesKeys } from './query-keys';

/** Rows shown per page of the admin list ('Load more' adds the next page). */
export const ADMIN_TRACES_PAGE_SIZE = 25;

export interface AdminTracesPage {
  traces: AdminTraceView[];
  /** The offset of the next page, or null when this page was the last. */
  nextOffset: number | null;
}

/**
 * POST /api/admin/traces {userId, limit, offset} (admins only), newest first. The answer carries no total,
 * so one row more than a page is asked for: when it comes back, there is a next page.
 */
export async function getAdminTraces({ userId, offset }: { userId: string; offset: number }): Promise<AdminTracesPage> {
  const response = await api.post<AdminTracesResponse>('/api/admin/traces', {
    userId,
    limit: ADMIN_TRACES_PAGE_SIZE + 1,
    offset,
  });
  const traces = response.traces ?? [];
  return {
    traces: traces.slice(0, ADMIN_TRACES_PAGE_SIZE),
    nextOffset: traces.length > ADMIN_TRACES_PAGE_SIZE ? offset + ADMIN_TRACES_PAGE_SIZE : null,
  };
}

export const getAdminTracesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: adminTracesKeys.list(),
    queryFn: ({ pageParam }) => getAdminTraces({ userId, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => lastPage.nextOffset ?? undefined,
  });

export function useAdminTraces(userId: string) {
  return useInfiniteQuery(getAdminTracesQueryOptions(userId));
}
