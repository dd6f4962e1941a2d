import type { TraceDetailView, TraceResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

/** GET /api/traces/{id}: the trace with the caller's relation to it (`viewer`); 404 when there is none. */
export async function getTrace(traceId: string): Promise<TraceDetailView> {
  const response = await api.get<TraceResponse>(`/api/traces/${encodeURIComponent(traceId)}`);
  return response.trace;
}

/** No such trace: 404, or 400 for an id that cannot be one (the gateway checks its form). */
export const isTraceNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);

export const getTraceQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: tracesKeys.detail(traceId),
    queryFn: () => getTrace(traceId),
  });

export function useTrace(traceId: string) {
  return useQuery(getTraceQueryOptions(traceId));
}
