import type { OwnerAnalyticsResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

export type OwnerAnalytics = Omit<OwnerAnalyticsResponse, 'success'>;

/**
 * GET /api/trace-owner/{traceId}/analytics: the trace's follower results (every time frame), the weekly series,
 * subscribers per week and the copies of the latest shared trades.
 */
export async function getOwnerAnalytics(traceId: string, signal?: AbortSignal): Promise<OwnerAnalytics> {
  const { success: _success, ...analytics } = await api.get<OwnerAnalyticsResponse>(
    `/api/trace-owner/${encodeURIComponent(traceId)}/analytics`,
    { signal },
  );
  return analytics;
}

export const getOwnerAnalyticsQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: traceDashboardKeys.analytics(traceId),
    queryFn: ({ signal }) => getOwnerAnalytics(traceId, signal),
  });

export function useOwnerAnalytics(traceId: string) {
  return useQuery(getOwnerAnalyticsQueryOptions(traceId));
}
