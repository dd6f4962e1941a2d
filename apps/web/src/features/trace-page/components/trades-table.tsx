import type { CopyInstanceView, TradeView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { CopyTradeAction } from './copy-trade-action';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format/date';
import { formatSignedUsd } from '@/lib/format/money';
import { capitalize, tierLabel } from '@/lib/format/text';
import { formatQuantity, optionSummary, tradePnl, trendClass } from '@/lib/format/trade';
import { ContractPrice } from '@/components/trades/contract-price';

/** A price cell, per contract for options. */
const Price = ({ trade, stored }: { trade: TradeView; stored: number }) => (
  <ContractPrice trade={trade} stored={stored} unitClassName="trade-unit" />
);

/** Symbol, and for options the type, strike and expiry. */
function Instrument({ trade }: { trade: TradeView }) {
  return (
    <div className="trade-instrument">
      <span className="trade-instrument__symbol">{trade.symbol}</span>
      {trade.isOptions ? <span className="trade-instrument__option">{optionSummary(trade)}</span> : null}
    </div>
  );
}

function Pnl({ trade }: { trade: TradeView }) {
  const pnl = tradePnl(trade);
  return <span className={cn('trade-pnl', trendClass(pnl))}>{formatSignedUsd(pnl)}</span>;
}

/**
 * The trades of a trace: symbol (with the option's type, strike and expiry), side, quantity, entry price,
 * current (live) or exit (past) price, P&L (unrealized while open, realized once closed; green/red with its
 * sign), executed time, strategy, confidence and required tier. Live trades carry Copy Trade, or 'Copied' (and
 * 'Sell @ Market' while the copy is open).
 * Wider than a phone, the table scrolls in its own box.
 */
export function TradesTable({
  trades,
  kind,
  labelledBy,
  copies,
  onCopy,
  onSell,
}: {
  trades: readonly TradeView[];
  kind: 'live' | 'past';
  labelledBy: string;
  /** The user's copies of the live trades (read once for the page) and whether they are still being read. */
  copies?: { copyOf: (tradeId: string) => CopyInstanceView | null; loading: boolean };
  onCopy?: (trade: TradeView) => void;
  onSell?: (copy: CopyInstanceView) => void;
}) {
  const live = kind === 'live';
  const columns: DataColumn<TradeView>[] = [
    { header: 'Symbol', cell: (trade) => <Instrument trade={trade} /> },
    {
      header: 'Side',
      cell: (trade) => <Badge variant={trade.side === 'buy' ? 'success' : 'danger'}>{capitalize(trade.side)}</Badge>,
    },
    { header: 'Quantity', numeric: true, cell: (trade) => formatQuantity(trade.quantity) },
    { header: 'Entry Price', numeric: true, cell: (trade) => <Price trade={trade} stored={trade.price} /> },
    {
      header: live ? 'Current Price' : 'Exit Price',
      numeric: true,
      cell: (trade) => <Price trade={trade} stored={trade.currentPrice} />,
    },
    { header: 'P&L', numeric: true, cell: (trade) => <Pnl trade={trade} /> },
    {
      header: 'Executed',
      cell: (trade) => <time dateTime={trade.executedAt}>{formatDateTime(trade.executedAt)}</time>,
    },
    ...(live
      ? []
      : [
          {
            header: 'Closed',
            cell: (trade: TradeView) =>
              trade.closedAt ? <time dateTime={trade.closedAt}>{formatDateTime(trade.closedAt)}</time> : '—',
          },
        ]),
    { header: 'Strategy', cell: (trade) => trade.strategy || '—' },
    { header: 'Confidence', cell: (trade) => trade.confidence || '—' },
    {
      header: 'Tier',
      cell: (trade) => (trade.requiredTier ? <Badge variant="muted">{tierLabel(trade.requiredTier)}</Badge> : '—'),
    },
    ...(live && onCopy
      ? [
          {
            header: 'Action',
            cell: (trade: TradeView) => (
              <CopyTradeAction
                trade={trade}
                copy={copies?.copyOf(trade.id) ?? null}
                loading={copies?.loading ?? false}
                onCopy={(row) => onCopy?.(row)}
                onSell={onSell}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      className="trade-table"
      aria-labelledby={labelledBy}
      columns={columns}
      rows={trades}
      rowKey={(trade) => trade.id}
    />
  );
}
