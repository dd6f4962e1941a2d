import type { BrokerageAccountView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CreditCardIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableCell, TableHead } from '@/components/ui/table';
import { formatUsd } from '@/lib/money';

/** Account numbers show only their last four characters. */
export const maskAccountNumber = (number: string): string => (number.length > 4 ? `••••${number.slice(-4)}` : number);

/** 'Trading Accounts' (seed 000 §2): the first account is the primary one, used for copy trading. */
export function TradingAccountsCard({ query, enabled }: { query: UseQueryResult<BrokerageAccountView[]>; enabled: boolean }) {
  const titleId = useId();
  const accounts = query.data ?? [];

  let body;
  if (enabled && query.isPending) {
    body = (
      <div className="row-skeletons" aria-busy="true">
        <span className="sr-only" role="status">
          Loading trading accounts...
        </span>
        {[0, 1].map((row) => (
          <div key={row} className="row-skeletons__row">
            <Skeleton width="30%" height={12} />
            <Skeleton width="20%" height={12} />
            <Skeleton width="20%" height={12} />
          </div>
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className="inline-error" role="alert">
        <span>Couldn&apos;t load your trading accounts.</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Retry
        </Button>
      </div>
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
      <Table aria-labelledby={titleId}>
        <thead>
          <tr>
            <TableHead>Account</TableHead>
            <TableHead>Number</TableHead>
            <TableHead>Institution</TableHead>
            <TableHead numeric>Balance</TableHead>
            <TableHead numeric>Buying Power</TableHead>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account, index) => (
            <tr key={account.id}>
              <TableCell>
                <span className="account-cell">
                  <span className="account-cell__name">{account.name}</span>
                  {index === 0 ? <Badge variant="new">Primary</Badge> : null}
                  {account.is_paper ? <Badge variant="warning">Paper</Badge> : null}
                </span>
              </TableCell>
              <TableCell className="mono">
                <span aria-hidden="true">{maskAccountNumber(account.number)}</span>
                <span className="sr-only">Ending in {account.number.slice(-4)}</span>
              </TableCell>
              <TableCell>{account.institution_name}</TableCell>
              <TableCell numeric>{formatUsd(account.balance?.total?.amount)}</TableCell>
              <TableCell numeric>{formatUsd(account.balance?.buying_power?.amount)}</TableCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h3">
          Trading Accounts
        </CardTitle>
        <CardDescription>The Primary account is used for copy trading and position fetching.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
