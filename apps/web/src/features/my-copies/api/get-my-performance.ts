import type { MyPerformanceResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MY_COPIES_REFRESH_MS } from './get-my-copies';
import { myCopiesKeys } from './query-keys';

/** GET /api/copy-trades/my-performance (docs/product.md#rest-calls): the performance summary. */
export const getMyPerformance = async (userId: string, signal?: AbortSignal) =>
  (await api.get<MyPerformanceResponse>('/api/copy-trades/my-performance', { headers: { 'user-id': userId }, signal }))
    .performance;

export const getMyPerformanceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myCopiesKeys.performance(userId),
    queryFn: ({ signal }) => getMyPerformance(userId, signal),
  });

/** The summary, refreshed with the copies (every 30 s while `realtime`, at once by the live push). */
export function useMyPerformance(userId: string, { realtime }: { realtime: boolean }) {
  return useQuery({
    ...getMyPerformanceQueryOptions(userId),
    enabled: Boolean(userId),
    refetchInterval: realtime ? MY_COPIES_REFRESH_MS : false,
  });
}
