import type { OwnerTraceDataResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

export type OwnerTraceData = Omit<OwnerTraceDataResponse, 'success'>;

/**
 * GET /api/trace-owner/{traceId}: the owner's trace data, analytics, posts and tiers
 * (docs/product.md#entities-and-fields).
 */
export async function getOwnerTrace(traceId: string, signal?: AbortSignal): Promise<OwnerTraceData> {
  const { success: _success, ...data } = await api.get<OwnerTraceDataResponse>(
    `/api/trace-owner/${encodeURIComponent(traceId)}`,
    { signal },
  );
  return data;
}

/**
 * Access (docs/product.md#owner-dashboard): a trace that does not exist (404, or 400 for an id that cannot be one) and
 * one the user does not own (403) read the same: 'Trace Not Found'.
 */
export const isTraceUnavailable = (error: unknown): boolean =>
  isApiError(error) && (error.status === 403 || error.status === 404 || error.status === 400);

export const getOwnerTraceQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: traceDashboardKeys.trace(traceId),
    queryFn: ({ signal }) => getOwnerTrace(traceId, signal),
  });

export function useOwnerTrace(traceId: string) {
  return useQuery(getOwnerTraceQueryOptions(traceId));
}
