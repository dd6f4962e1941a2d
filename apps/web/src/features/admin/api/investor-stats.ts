import type { InvestorStatsResponse, InvestorStatsTimeFrame } from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * GET /api/copy-trades/analytics/investor-stats?timeFrame= with the user id header and, when this build was given
 * one (VITE_INVESTOR_STATS_SYSTEM_KEY), the web app's system-key header. The server decides from the session.
 */
export const getInvestorStats = (userId: string, timeFrame: InvestorStatsTimeFrame) => {
  const systemKey = import.meta.env.VITE_INVESTOR_STATS_SYSTEM_KEY as string | undefined;
  return api.get<InvestorStatsResponse>(`/api/copy-trades/analytics/investor-stats?timeFrame=${timeFrame}`, {
    headers: { 'user-id': userId, ...(systemKey ? { 'x-system-key': systemKey } : {}) },
  });
};

export function useInvestorStats(userId: string, timeFrame: InvestorStatsTimeFrame) {
  return useQuery({
    queryKey: adminKeys.investorStats(timeFrame),
    queryFn: () => getInvestorStats(userId, timeFrame),
    placeholderData: keepPreviousData,
  });
}
