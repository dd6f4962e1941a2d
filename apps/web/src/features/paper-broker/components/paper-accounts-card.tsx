import type { BrokerageAccountView, PositionView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { AccountName } from '@/components/ui/account-name';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { formatUsd } from '@/lib/format/money';

const ACCOUNT_COLUMNS: readonly DataColumn<BrokerageAccountView>[] = [
  {
    header: 'Account',
    cell: (account, index) => (
      <>
        <AccountName name={account.name} primary={index === 0} />
        <span className="muted small mono nowrap"> {account.number}</span>
      </>
    ),
  },
  { header: 'Value', numeric: true, cell: (account) => formatUsd(account.balance?.total?.amount) },
  { header: 'Buying Power', numeric: true, cell: (account) => formatUsd(account.balance?.buying_power?.amount) },
];

/** An options position shows its options ticker. */
const positionSymbol = (position: PositionView): string =>
  position.isOptions ? (position.optionsTicker ?? position.symbol) : position.symbol;

const POSITION_COLUMNS: readonly DataColumn<PositionView>[] = [
  { header: 'Symbol', cellClassName: 'mono', cell: positionSymbol },
  { header: 'Quantity', numeric: true, cell: (position) => position.quantity },
  { header: 'Avg Cost', numeric: true, cell: (position) => formatUsd(position.averagePurchasePrice) },
  { header: 'Price', numeric: true, cell: (position) => formatUsd(position.price) },
  { header: 'Value', numeric: true, cell: (position) => formatUsd(position.value) },
];

/** The user's paper accounts with their value and buying power; the selected one is the order's account. */
export function PaperAccountsCard({
  accounts,
  selectedId,
}: {
  accounts: readonly BrokerageAccountView[];
  selectedId: string | undefined;
}) {
  const titleId = useId();
  return (
    <TitledCard titleId={titleId} titleAs="h2" title="Paper Accounts">
      <DataTable
        aria-labelledby={titleId}
        columns={ACCOUNT_COLUMNS}
        rows={accounts}
        rowKey={(account) => account.id}
        rowProps={(account) => (account.id === selectedId ? { 'aria-current': 'true', className: 'is-selected' } : {})}
      />
    </TitledCard>
  );
}

/** What the selected account holds. */
export function PaperPositionsCard({
  query,
  accountName,
}: {
  query: UseQueryResult<PositionView[]>;
  accountName: string | undefined;
}) {
  const titleId = useId();
  let body;
  if (query.isPending) body = <LoadingRows label="Loading positions..." />;
  else if (query.isError && !query.data)
    body = <LoadError onRetry={() => void query.refetch()}>Couldn&apos;t load positions.</LoadError>;
  else if (query.data.length === 0) body = <p className="muted">No positions in this account yet.</p>;
  else {
    body = <DataTable aria-labelledby={titleId} columns={POSITION_COLUMNS} rows={query.data} rowKey={positionSymbol} />;
  }
  return (
    <TitledCard titleId={titleId} titleAs="h2" title={`Positions${accountName ? ` · ${accountName}` : ''}`}>
      {body}
    </TitledCard>
  );
}
