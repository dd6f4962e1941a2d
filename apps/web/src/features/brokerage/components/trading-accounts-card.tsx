import type { BrokerageAccountView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { AccountName } from '@/components/ui/account-name';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { CreditCardIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/format/money';

/** Account numbers show only their last four characters. */
export const maskAccountNumber = (number: string): string => (number.length > 4 ? `••••${number.slice(-4)}` : number);

const ACCOUNT_COLUMNS: readonly DataColumn<BrokerageAccountView>[] = [
  {
    header: 'Account',
    cell: (account, index) => <AccountName name={account.name} primary={index === 0} paper={account.is_paper} />,
  },
  {
    header: 'Number',
    cellClassName: 'mono',
    cell: (account) => (
      <>
        <span aria-hidden="true">{maskAccountNumber(account.number)}</span>
        <span className="sr-only">Ending in {account.number.slice(-4)}</span>
      </>
    ),
  },
  { header: 'Institution', cell: (account) => account.institution_name },
  { header: 'Balance', numeric: true, cell: (account) => formatUsd(account.balance?.total?.amount) },
  { header: 'Buying Power', numeric: true, cell: (account) => formatUsd(account.balance?.buying_power?.amount) },
];

/** 'Trading Accounts' (docs/product.md#settings): the first account is the primary one, used for copy trading. */
export function TradingAccountsCard({
  query,
  enabled,
}: {
  query: UseQueryResult<BrokerageAccountView[]>;
  enabled: boolean;
}) {
  const titleId = useId();
  const accounts = query.data ?? [];

  let body;
  if (enabled && query.isPending) {
    body = (
      <LoadingRows
        label="Loading trading accounts..."
        row={
          <>
            <Skeleton width="30%" height={12} />
            <Skeleton width="20%" height={12} />
            <Skeleton width="20%" height={12} />
          </>
        }
      />
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Couldn&apos;t load your trading accounts.
      </LoadError>
    );
  } else if (accounts.length === 0) {
    body = (
      <div className="empty-state">
        <CreditCardIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">No trading accounts yet</p>
        <p className="empty-state__text">Your brokerage&apos;s accounts appear here once it is connected.</p>
      </div>
    );
  } else {
    body = (
      <DataTable aria-labelledby={titleId} columns={ACCOUNT_COLUMNS} rows={accounts} rowKey={(account) => account.id} />
    );
  }

  return (
    <TitledCard
      titleId={titleId}
      titleAs="h3"
      title="Trading Accounts"
      description="The Primary account is used for copy trading and position fetching."
    >
      {body}
    </TitledCard>
  );
}
