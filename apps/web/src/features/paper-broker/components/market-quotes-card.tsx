import type { QuoteView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableCell, TableHead } from '@/components/ui/table';
import { formatUsd } from '@/lib/money';
import type { PaperMarket } from '../api/get-paper-market';

/** 'Market Open' / 'Market Closed', with how the hours are set. */
export function MarketStatusBadge({ market }: { market: PaperMarket['market'] | undefined }) {
  if (!market) return null;
  const note = market.override !== null ? ' (override)' : market.hoursMode === 'always-open' ? ' (always open)' : '';
  return (
    <Badge variant={market.open ? 'success' : 'danger'} data-testid="market-status">
      {market.open ? 'Market Open' : 'Market Closed'}
      {note}
    </Badge>
  );
}

/** Quotes of the watch list (and of the symbol being ordered); a row can be picked into the order ticket. */
export function MarketQuotesCard({ query, onPick }: { query: UseQueryResult<PaperMarket>; onPick: (quote: QuoteView) => void }) {
  const titleId = useId();
  let body;
  if (query.isPending) {
    body = (
      <div className="row-skeletons" aria-busy="true">
        <span className="sr-only" role="status">
          Loading quotes...
        </span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} width="100%" height={14} />
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className="inline-error" role="alert">
        <span>Couldn&apos;t load quotes.</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (query.data.quotes.length === 0) {
    body = <p className="muted">No quotes to show.</p>;
  } else {
    body = (
      <Table aria-labelledby={titleId}>
        <thead>
          <tr>
            <TableHead>Symbol</TableHead>
            <TableHead numeric>Bid</TableHead>
            <TableHead numeric>Ask</TableHead>
            <TableHead numeric>Last</TableHead>
          </tr>
        </thead>
        <tbody>
          {query.data.quotes.map((quote) => (
            <tr key={quote.symbol}>
              <TableCell>
                <button type="button" className="link-button mono" onClick={() => onPick(quote)} aria-label={`Trade ${quote.symbol}`}>
                  {quote.symbol}
                </button>
              </TableCell>
              <TableCell numeric>{formatUsd(quote.bid)}</TableCell>
              <TableCell numeric>{formatUsd(quote.ask)}</TableCell>
              <TableCell numeric>{formatUsd(quote.price)}</TableCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div className="card__header-row">
          <CardTitle id={titleId} as="h2">
            Quotes
          </CardTitle>
          <MarketStatusBadge market={query.data?.market} />
        </div>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
