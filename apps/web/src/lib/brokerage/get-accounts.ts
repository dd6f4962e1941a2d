import type { AccountsResponse, BrokerageAccountView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { brokerageKeys } from './query-keys';

/** GET /api/snaptrade/accounts/{userId}: the trading accounts, the first one being the primary account. */
export async function getAccounts(userId: string, signal?: AbortSignal): Promise<BrokerageAccountView[]> {
  const response = await api.get<AccountsResponse>(`/api/snaptrade/accounts/${encodeURIComponent(userId)}`, { signal });
  return response.accounts ?? [];
}

export const getAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: brokerageKeys.accounts(userId),
    queryFn: ({ signal }) => getAccounts(userId, signal),
  });

/** The trading accounts, read only once registered; failures are only logged and keep the last list. */
export function useAccounts({ userId, enabled }: { userId: string; enabled: boolean }) {
  const query = useQuery({ ...getAccountsQueryOptions(userId), enabled });
  useEffect(() => {
    if (query.error) console.error('Failed to load brokerage accounts', query.error);
  }, [query.error]);
  return query;
}
