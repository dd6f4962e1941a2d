import type { ConnectionsResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { brokerageKeys } from '@/lib/brokerage/query-keys';

export type Connections = Pick<ConnectionsResponse, 'connections' | 'accountIds'>;

/** GET /api/snaptrade/connections/{userId}: the user's brokerage connections and their account ids. */
export async function getConnections(userId: string, signal?: AbortSignal): Promise<Connections> {
  const response = await api.get<ConnectionsResponse>(`/api/snaptrade/connections/${encodeURIComponent(userId)}`, {
    signal,
  });
  return { connections: response.connections ?? [], accountIds: response.accountIds ?? [] };
}

export const getConnectionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: brokerageKeys.connections(userId),
    queryFn: ({ signal }) => getConnections(userId, signal),
  });

/**
 * The connections, read only once the user is registered with the provider. A 429 or any
 * failure keeps the previous state (TanStack keeps the last data) and is only logged.
 */
export function useConnections({ userId, enabled }: { userId: string; enabled: boolean }) {
  const query = useQuery({ ...getConnectionsQueryOptions(userId), enabled });
  useEffect(() => {
    if (query.error) console.error('Failed to load brokerage connections', query.error);
  }, [query.error]);
  return query;
}
