import type { BetaStatusResponse } from '@copytrade/contracts';
import { BetaRules, isBetaFull } from '@copytrade/contracts/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { betaKeys } from './query-keys';

/** GET /api/auth/beta-status (public): how many seats of the closed beta are taken. */
export const getBetaStatus = (): Promise<BetaStatusResponse> => api.get<BetaStatusResponse>('/api/auth/beta-status');

export const getBetaStatusQueryOptions = () =>
  queryOptions({
    queryKey: betaKeys.status(),
    queryFn: getBetaStatus,
    // A failed read must not hold the page: the beta then counts as open (docs/product.md#beta-code-pages).
    retry: false,
    staleTime: 30 * 1000,
  });

export interface BetaAvailability {
  /** The first read is still running. */
  isLoading: boolean;
  /** Whether the seats are known (the read succeeded). */
  known: boolean;
  currentCount: number;
  maxCount: number;
  isFull: boolean;
}

/**
 * Whether the closed beta still has seats (docs/product.md#beta-code-pages): open until currentCount reaches maxCount;
 * if the status call fails the maximum defaults to 100 (and nothing is counted, so the beta shows as open).
 */
export function useBetaAvailability(): BetaAvailability {
  const query = useQuery(getBetaStatusQueryOptions());
  if (query.isSuccess) {
    const currentCount = Number(query.data.currentCount) || 0;
    const maxCount = Number.isFinite(Number(query.data.maxCount))
      ? Number(query.data.maxCount)
      : BetaRules.defaultMaxUsers;
    return { isLoading: false, known: true, currentCount, maxCount, isFull: isBetaFull({ currentCount, maxCount }) };
  }
  return {
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    known: false,
    currentCount: 0,
    maxCount: BetaRules.defaultMaxUsers,
    isFull: false,
  };
}
