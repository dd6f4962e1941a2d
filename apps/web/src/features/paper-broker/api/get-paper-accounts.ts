import type { AccountsResponse, BrokerageAccountView, PositionsResponse, PositionView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paperBrokerKeys } from './query-keys';

/** The user's accounts at the paper broker (GET /api/snaptrade/accounts/{userId}, paper accounts only). */
export async function getPaperAccounts(userId: string, signal?: AbortSignal): Promise<BrokerageAccountView[]> {
  const response = await api.get<AccountsResponse>(`/api/snaptrade/accounts/${encodeURIComponent(userId)}`, { signal });
  return (response.accounts ?? []).filter((account) => account.is_paper);
}

export const getPaperAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: paperBrokerKeys.accounts(userId),
    queryFn: ({ signal }) => getPaperAccounts(userId, signal),
    staleTime: 0,
  });

export function usePaperAccounts({ userId, enabled }: { userId: string; enabled: boolean }) {
  return useQuery({ ...getPaperAccountsQueryOptions(userId), enabled });
}

/** GET /api/snaptrade/positions/{accountId}/{userId}: what the selected paper account holds. */
export async function getPaperPositions(
  userId: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<PositionView[]> {
  const response = await api.get<PositionsResponse>(
    `/api/snaptrade/positions/${encodeURIComponent(accountId)}/${encodeURIComponent(userId)}`,
    { signal },
  );
  return response.positions ?? [];
}

export const getPaperPositionsQueryOptions = (userId: string, accountId: string) =>
  queryOptions({
    queryKey: paperBrokerKeys.positions(userId, accountId),
    queryFn: ({ signal }) => getPaperPositions(userId, accountId, signal),
    staleTime: 0,
  });

export function usePaperPositions({ userId, accountId }: { userId: string; accountId: string | undefined }) {
  return useQuery({ ...getPaperPositionsQueryOptions(userId, accountId ?? ''), enabled: Boolean(accountId) });
}
