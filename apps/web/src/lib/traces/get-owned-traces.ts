import type { OwnedTraceView, OwnedTracesResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tracesKeys } from './query-keys';

/**
 * GET /api/owned-traces: the traces the user owns (sidebar "Owned Traces"). The call carries
 * the user id as a bearer value besides the cookie; the gateway trusts only the session and refuses a
 * different id.
 */
export async function getOwnedTraces(userId: string): Promise<OwnedTraceView[]> {
  const response = await api.get<OwnedTracesResponse>('/api/owned-traces', {
    headers: { Authorization: `Bearer ${userId}` },
  });
  return response.ownedTraces ?? [];
}

export const getOwnedTracesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: tracesKeys.owned(userId),
    queryFn: () => getOwnedTraces(userId),
  });

export function useOwnedTraces(userId: string | undefined) {
  return useQuery({ ...getOwnedTracesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
