import type { ConnectionPortalResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/snaptrade/connection-portal {userId, customRedirect}: a fresh portal URL, opened in a new tab. */
export async function createOwnerConnectionPortal(input: { userId: string; customRedirect: string }): Promise<string> {
  const response = await api.post<ConnectionPortalResponse>('/api/snaptrade/connection-portal', input);
  return response.connectionUrl;
}

export const useOwnerConnectionPortal = () => useMutation({ mutationFn: createOwnerConnectionPortal });
