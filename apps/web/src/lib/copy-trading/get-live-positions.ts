import type { LivePositionsResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyTradingKeys } from '@/lib/copy-trading/query-keys';

/** Seed 001 §4, §9: terminal positions refresh every 30 s (the live push refreshes them at once in between). */
export const LIVE_POSITIONS_REFRESH_MS = 30_000;

/**
 * GET /api/trading-terminal/live-positions (seed 001 §7): the user id travels as a bearer value besides the
 * session cookie, as the seed writes it; the gateway trusts only the session and refuses a bearer naming anyone else.
 */
export const getLivePositions = (userId: string): Promise<LivePositionsResponse> =>
  api.get<LivePositionsResponse>('/api/trading-terminal/live-positions', {
    headers: { Authorization: `Bearer ${userId}` },
  });

/** Under the live push's 'live-positions' prefix, so a shared trade or a copy refreshes the feed at once. */
export const livePositionsKey = (userId: string) => [...copyTradingKeys.livePositions, userId] as const;

export const getLivePositionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: livePositionsKey(userId),
    queryFn: () => getLivePositions(userId),
    refetchInterval: LIVE_POSITIONS_REFRESH_MS,
  });

export function useLivePositions(userId: string) {
  return useQuery({ ...getLivePositionsQueryOptions(userId), enabled: Boolean(userId) });
}
