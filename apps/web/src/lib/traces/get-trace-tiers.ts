import type { TiersResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

export interface TraceTiers {
  tiers: TiersResponse['tiers'];
  /** The beta grants paid tiers without payment. */
  betaFreeAccess: boolean;
}

/** GET /api/traces/{id}/tiers: free, basic, premium, vip in rank order (price per month); the beta is free. */
export async function getTraceTiers(traceId: string): Promise<TraceTiers> {
  const response = await api.get<TiersResponse>(`/api/traces/${encodeURIComponent(traceId)}/tiers`);
  return { tiers: response.tiers ?? [], betaFreeAccess: response.betaFreeAccess === true };
}

export const getTraceTiersQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: tracesKeys.tiers(traceId),
    queryFn: () => getTraceTiers(traceId),
  });

export function useTraceTiers(traceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getTraceTiersQueryOptions(traceId), enabled });
}
