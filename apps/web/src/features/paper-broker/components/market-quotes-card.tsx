import type { QuoteView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { formatUsd } from '@/lib/format/money';
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
export function MarketQuotesCard({
  query,
  onPick,
}: {
  query: UseQueryResult<PaperMarket>;
  onPick: (quote: QuoteView) => void;
}) {
  const titleId = useId();
  const columns: readonly DataColumn<QuoteView>[] = [
    {
      header: 'Symbol',
      cell: (quote) => (
        <button
          type="button"
          className="link-button mono"
          onClick={() => onPick(quote)}
          aria-label={`Trade ${quote.symbol}`}
        >
          {quote.symbol}
        </button>
      ),
    },
    { header: 'Bid', numeric: true, cell: (quote) => formatUsd(quote.bid) },
    { header: 'Ask', numeric: true, cell: (quote) => formatUsd(quote.ask) },
    { header: 'Last', numeric: true, cell: (quote) => formatUsd(quote.price) },
  ];
  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading quotes..." count={3} />;
  } else if (query.isError && !query.data) {
    body = <LoadError onRetry={() => void query.refetch()}>Couldn&apos;t load quotes.</LoadError>;
  } else if (query.data.quotes.length === 0) {
    body = <p className="muted">No quotes to show.</p>;
  } else {
    body = (
      <DataTable
        aria-labelledby={titleId}
        columns={columns}
        rows={query.data.quotes}
        rowKey={(quote) => quote.symbol}
      />
    );
  }
  return (
    <TitledCard
      titleId={titleId}
      titleAs="h2"
      title="Quotes"
      action={<MarketStatusBadge market={query.data?.market} />}
    >
      {body}
    </TitledCard>
  );
}
