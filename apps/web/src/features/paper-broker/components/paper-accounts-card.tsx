import type { BrokerageAccountView, PositionView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableCell, TableHead } from '@/components/ui/table';
import { formatUsd } from '@/lib/money';

function Loading({ label }: { label: string }) {
  return (
    <div className="row-skeletons" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1].map((row) => (
        <Skeleton key={row} width="100%" height={14} />
      ))}
    </div>
  );
}

function Failed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="inline-error" role="alert">
      <span>Couldn&apos;t load {what}.</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The user's paper accounts with their value and buying power; the selected one is the order's account. */
export function PaperAccountsCard({ accounts, selectedId }: { accounts: readonly BrokerageAccountView[]; selectedId: string | undefined }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h2">
          Paper Accounts
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Table aria-labelledby={titleId}>
          <thead>
            <tr>
              <TableHead>Account</TableHead>
              <TableHead numeric>Value</TableHead>
              <TableHead numeric>Buying Power</TableHead>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account, index) => (
              <tr key={account.id} aria-current={account.id === selectedId ? 'true' : undefined} className={account.id === selectedId ? 'is-selected' : undefined}>
                <TableCell>
                  <span className="account-cell">
                    <span className="account-cell__name">{account.name}</span>
                    {index === 0 ? <Badge variant="new">Primary</Badge> : null}
                  </span>
                  <span className="muted small mono nowrap"> {account.number}</span>
                </TableCell>
                <TableCell numeric>{formatUsd(account.balance?.total?.amount)}</TableCell>
                <TableCell numeric>{formatUsd(account.balance?.buying_power?.amount)}</TableCell>
              </tr>
            ))}
          </tbody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** What the selected account holds. */
export function PaperPositionsCard({ query, accountName }: { query: UseQueryResult<PositionView[]>; accountName: string | undefined }) {
  const titleId = useId();
  let body;
  if (query.isPending) body = <Loading label="Loading positions..." />;
  else if (query.isError && !query.data) body = <Failed what="positions" onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <p className="muted">No positions in this account yet.</p>;
  else {
    body = (
      <Table aria-labelledby={titleId}>
        <thead>
          <tr>
            <TableHead>Symbol</TableHead>
            <TableHead numeric>Quantity</TableHead>
            <TableHead numeric>Avg Cost</TableHead>
            <TableHead numeric>Price</TableHead>
            <TableHead numeric>Value</TableHead>
          </tr>
        </thead>
        <tbody>
          {query.data.map((position) => {
            const symbol = position.isOptions ? (position.optionsTicker ?? position.symbol) : position.symbol;
            return (
              <tr key={symbol}>
                <TableCell className="mono">{symbol}</TableCell>
                <TableCell numeric>{position.quantity}</TableCell>
                <TableCell numeric>{formatUsd(position.averagePurchasePrice)}</TableCell>
                <TableCell numeric>{formatUsd(position.price)}</TableCell>
                <TableCell numeric>{formatUsd(position.value)}</TableCell>
              </tr>
            );
          })}
        </tbody>
      </Table>
    );
  }
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h2">
          Positions{accountName ? ` · ${accountName}` : ''}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
