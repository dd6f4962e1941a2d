import type {
  AccountsResponse,
  BalancesResponse,
  BalancesView,
  BrokerageAccountView,
  OrdersResponse,
  OrderView,
  PositionsResponse,
  PositionView,
} from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { dashboardKeys } from './query-keys';

/** The dashboard's brokerage data is re-read every 5 minutes while the user is registered. */
export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

/** The state text when the dashboard's brokerage data cannot be read (see docs/product.md#error-messages). */
export const DASHBOARD_DATA_FAILED = 'Failed to fetch SnapTrade data';

export interface AccountPortfolio {
  account: BrokerageAccountView;
  balances: BalancesView;
  positions: PositionView[];
  orders: OrderView[];
}

export interface PortfolioTotals {
  /** Sum of every account's total value. */
  portfolioValue: number;
  /** Sum of every account's cash. */
  cash: number;
  /** Sum of every account's buying power. */
  buyingPower: number;
  /** Number of positions held, across accounts. */
  positions: number;
  accounts: number;
}

export interface Portfolio {
  /** In the provider's order: the first is the primary account. */
  accounts: AccountPortfolio[];
  totals: PortfolioTotals;
}

const cents = (value: number) => Math.round(value * 100);

/** Totals are sums of the balances (docs/product.md#dashboard), added in cents so they do not drift. */
export function sumPortfolio(accounts: AccountPortfolio[]): PortfolioTotals {
  let value = 0;
  let cash = 0;
  let buyingPower = 0;
  let positions = 0;
  for (const { balances, positions: held } of accounts) {
    value += cents(balances.total_value?.amount ?? 0);
    cash += cents(balances.cash?.amount ?? 0);
    buyingPower += cents(balances.buying_power?.amount ?? 0);
    positions += held.length;
  }
  return {
    portfolioValue: value / 100,
    cash: cash / 100,
    buyingPower: buyingPower / 100,
    positions,
    accounts: accounts.length,
  };
}

const accountPath = (kind: 'balances' | 'positions' | 'orders', accountId: string, userId: string) =>
  `/api/snaptrade/${kind}/${encodeURIComponent(accountId)}/${encodeURIComponent(userId)}`;

/**
 * Dashboard data (docs/product.md#dashboard): the accounts first, then balances, positions and orders of every account
 * in parallel. Any failure fails the whole read (the dashboard then shows 'Failed to fetch SnapTrade data').
 */
export async function getPortfolio(userId: string, signal?: AbortSignal): Promise<Portfolio> {
  const { accounts } = await api.get<AccountsResponse>(`/api/snaptrade/accounts/${encodeURIComponent(userId)}`, {
    signal,
  });
  const perAccount = await Promise.all(
    accounts.map(async (account): Promise<AccountPortfolio> => {
      const [balances, positions, orders] = await Promise.all([
        api.get<BalancesResponse>(accountPath('balances', account.id, userId), { signal }),
        api.get<PositionsResponse>(accountPath('positions', account.id, userId), { signal }),
        api.get<OrdersResponse>(accountPath('orders', account.id, userId), { signal }),
      ]);
      return {
        account,
        balances: balances.balances,
        positions: positions.positions ?? [],
        orders: orders.orders ?? [],
      };
    }),
  );
  return { accounts: perAccount, totals: sumPortfolio(perAccount) };
}

export const getPortfolioQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.portfolio(userId),
    queryFn: ({ signal }) => getPortfolio(userId, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    // Loads on start: every visit to the dashboard reads fresh figures (the last ones show meanwhile).
    staleTime: 0,
  });

/** The user's brokerage figures; only read while the user is registered with the provider. */
export function usePortfolio({
  userId,
  registered,
  queryConfig,
}: {
  userId: string;
  registered: boolean;
  queryConfig?: QueryConfig<typeof getPortfolioQueryOptions>;
}) {
  return useQuery({ ...getPortfolioQueryOptions(userId), enabled: registered, ...queryConfig });
}
