import type { LivePositionsResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyTradingKeys } from '@/lib/copy-trading/query-keys';

/**
 * Terminal positions refresh every 30 s (the live push refreshes them at once in between) (see
 * docs/product.md#trading-terminal).
 */
export const LIVE_POSITIONS_REFRESH_MS = 30_000;

/**
 * GET /api/trading-terminal/live-positions (docs/product.md#rest-calls): the user id travels as a bearer value besides
 * the session cookie, as documented; the gateway trusts only the session and refuses a bearer naming anyone else.
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
