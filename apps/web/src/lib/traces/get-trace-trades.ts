import type { TradeView, TradesResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

/** Trace trades refresh every 30 s (see docs/product.md#trace-page). */
export const TRACE_TRADES_REFRESH_MS = 30_000;

/**
 * The trade lists (docs/product.md#rest-calls): the owner's (`limit=50&includeRealtimeData=true`), the closed ones
 * (`limit=20&status=closed`) and the fallback (`limit=20`). `analytics` reads up to the server's maximum of
 * closed trades (100) for the Analytics charts.
 */
export type TradesVariant = 'owner' | 'closed' | 'fallback' | 'analytics';

export const TRADES_QUERIES: Record<TradesVariant, Record<string, string>> = {
  owner: { limit: '50', includeRealtimeData: 'true' },
  closed: { limit: '20', status: 'closed' },
  fallback: { limit: '20' },
  analytics: { limit: '100', status: 'closed' },
};

export interface TraceTradesInput {
  traceId: string;
  /** The session user's id, sent as the `user-id` header (docs/product.md#rest-calls). */
  userId: string;
  variant: TradesVariant;
}

/** GET /api/traces/{id}/trades: the shared trades the caller may see, newest first; 403 for non-subscribers. */
export async function getTraceTrades({ traceId, userId, variant }: TraceTradesInput): Promise<TradeView[]> {
  const query = new URLSearchParams(TRADES_QUERIES[variant]).toString();
  const response = await api.get<TradesResponse>(`/api/traces/${encodeURIComponent(traceId)}/trades?${query}`, {
    headers: { 'user-id': userId },
  });
  return response.trades ?? [];
}

export const getTraceTradesQueryOptions = (input: TraceTradesInput) =>
  queryOptions({
    queryKey: tracesKeys.trades(input.traceId, { userId: input.userId, ...TRADES_QUERIES[input.variant] }),
    queryFn: () => getTraceTrades(input),
    refetchInterval: TRACE_TRADES_REFRESH_MS,
  });

export function useTraceTrades(input: TraceTradesInput) {
  return useQuery(getTraceTradesQueryOptions(input));
}
