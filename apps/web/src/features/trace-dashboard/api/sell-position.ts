import type { AccountsResponse, BrokerageAccountView, SellPositionResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellPositionBody } from '@/components/order-form/sell-position';
import { api } from '@/lib/api-client';
import { ownerPost } from './owner-request';
import { traceDashboardKeys } from './query-keys';

/** GET /api/snaptrade/accounts/{userId}: the owner's trading accounts; only the first one is ever used. */
export async function getOwnerAccounts(userId: string, signal?: AbortSignal): Promise<BrokerageAccountView[]> {
  const response = await api.get<AccountsResponse>(`/api/snaptrade/accounts/${encodeURIComponent(userId)}`, { signal });
  return response.accounts ?? [];
}

export const getOwnerAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: traceDashboardKeys.accounts(userId),
    queryFn: ({ signal }) => getOwnerAccounts(userId, signal),
  });

export function useOwnerAccounts(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getOwnerAccountsQueryOptions(userId), enabled });
}

/** POST /api/snaptrade/sell-position with the request id as `X-Request-ID` (a retry never sells twice). */
export const sellPosition = (input: SellPositionBody) =>
  ownerPost<SellPositionResponse>('/api/snaptrade/sell-position', input, { 'X-Request-ID': input.requestId });
