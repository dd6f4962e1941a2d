import { BrokerageMessages } from '@copytrade/contracts/rules';
import type { ConnectionPortalResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const CONNECTION_PORTAL_FAILED = 'Failed to open the brokerage connection portal';

export interface ConnectionPortalInput {
  userId: string;
  /** The catalogue slug of the brokerage to connect (the one available brokerage). */
  broker: string;
  /** Where the portal returns when it is not a popup: the dashboard, or /settings when started from settings. */
  customRedirect: '/dashboard' | '/settings';
}

/** POST /api/snaptrade/connection-portal → a fresh portal URL (it expires within minutes). */
export async function createConnectionPortal(input: ConnectionPortalInput): Promise<string> {
  const response = await api.post<ConnectionPortalResponse>('/api/snaptrade/connection-portal', input);
  return response.connectionUrl;
}

export function useCreateConnectionPortal() {
  return useMutation({ mutationFn: createConnectionPortal });
}

/** 409 PROVIDER_USER_NOT_REGISTERED reads 'SnapTrade Registration Required'; otherwise the server's message. */
export function connectionPortalErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'PROVIDER_USER_NOT_REGISTERED') return BrokerageMessages.registrationRequired;
  return (isApiError(error) && error.serverMessage) || CONNECTION_PORTAL_FAILED;
}
