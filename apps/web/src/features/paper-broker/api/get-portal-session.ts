import type { PaperPortalSessionResponse, PaperPortalSessionView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paperBrokerKeys } from './query-keys';

/** GET /api/paper/portal/{sessionId}: the pending connection the portal page describes. */
export async function getPortalSession(sessionId: string, signal?: AbortSignal): Promise<PaperPortalSessionView> {
  const response = await api.get<PaperPortalSessionResponse>(`/api/paper/portal/${encodeURIComponent(sessionId)}`, {
    signal,
  });
  return response.session;
}

export const getPortalSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: paperBrokerKeys.portalSession(sessionId),
    queryFn: ({ signal }) => getPortalSession(sessionId, signal),
    staleTime: Infinity,
  });

export function usePortalSession(sessionId: string) {
  return useQuery(getPortalSessionQueryOptions(sessionId));
}
