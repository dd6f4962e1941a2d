import type { PaperPortalConnectResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paperBrokerKeys } from './query-keys';

/** POST /api/paper/portal/{sessionId}/connect: creates the connection (410 once the link has expired). */
export const connectPortalSession = (sessionId: string): Promise<PaperPortalConnectResponse> =>
  api.post<PaperPortalConnectResponse>(`/api/paper/portal/${encodeURIComponent(sessionId)}/connect`);

export function useConnectPortalSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectPortalSession,
    onSettled: (_data, _error, sessionId) =>
      queryClient.invalidateQueries({ queryKey: paperBrokerKeys.portalSession(sessionId) }),
  });
}
