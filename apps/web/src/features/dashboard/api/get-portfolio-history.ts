import type { PortfolioHistoryResponse, PortfolioHistoryView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-portfolio';
import { dashboardKeys } from './query-keys';

/** GET /api/snaptrade/portfolio-history/{userId}: the portfolio's total value per snapshot bucket (last 90 days). */
export async function getPortfolioHistory(userId: string, signal?: AbortSignal): Promise<PortfolioHistoryView> {
  const { currency, bucketMinutes, from, to, points } = await api.get<PortfolioHistoryResponse>(
    `/api/snaptrade/portfolio-history/${encodeURIComponent(userId)}`,
    { signal },
  );
  return { currency, bucketMinutes, from, to, points: points ?? [] };
}

export const getPortfolioHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.history(userId),
    queryFn: ({ signal }) => getPortfolioHistory(userId, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });

/**
 * The Performance Overview series. `enabled` once the portfolio has been read: reading balances records
 * the snapshot that becomes the newest point, so the chart ends at the figures shown above it.
 */
export function usePortfolioHistory({ userId, enabled }: { userId: string; enabled: boolean }) {
  return useQuery({ ...getPortfolioHistoryQueryOptions(userId), enabled });
}
