import type { TradeView } from '@copytrade/contracts';
import { Suspense, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useSession } from '@/lib/auth';
import type { AdminTabProps } from '../admin-tab-props';

/** The trace the demo trades claim (none: they are not on the server). */
export const DEMO_TRACE_ID = 'dev-demo';

const demo = (id: string, label: string, trade: Partial<TradeView>): { label: string; trade: TradeView } => ({
  label,
  trade: {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    symbol: 'AAPL',
    side: 'buy',
    quantity: 10,
    price: 185.5,
    currentPrice: 189.25,
    status: 'open',
    executedAt: '2026-11-20T15:30:00.000Z',
    closedAt: null,
    strategy: 'Demo',
    confidence: 'Medium',
    notes: 'Dev tab demo trade',
    tags: ['demo'],
    requiredTier: 'basic',
    isOptions: false,
    optionType: null,
    optionsTicker: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
    unrealizedPnl: 37.5,
    realizedPnl: 0,
    copyCount: 0,
    ...trade,
  },
});

/**
 * The six demo trades (docs/product.md#copy-dialog-and-sell) the Dev tab opens the copy-trade dialog with — stock,
 * options, closed, large, incomplete options, sell. Options prices are stored in hundredths (÷ 100 per contract), as
 * the trace page has them.
 */
export const DEMO_TRADES = [
  demo('1', 'Stock', {}),
  demo('2', 'Options', {
    symbol: 'SPY',
    quantity: 2,
    price: 32_500,
    currentPrice: 34_550,
    isOptions: true,
    optionType: 'call',
    optionsTicker: 'SPY   261218C00450000',
    strikePrice: 450,
    expirationDate: '2026-12-18',
    contractMultiplier: 100,
    unrealizedPnl: 410,
  }),
  demo('3', 'Closed', {
    symbol: 'TSLA',
    quantity: 5,
    price: 240,
    currentPrice: 255,
    status: 'closed',
    closedAt: '2026-11-21T19:00:00.000Z',
    unrealizedPnl: 0,
    realizedPnl: 75,
  }),
  demo('4', 'Large', { symbol: 'NVDA', quantity: 1_000, price: 875.4, currentPrice: 902.15, unrealizedPnl: 26_750 }),
  demo('5', 'Incomplete options', {
    symbol: 'QQQ',
    quantity: 3,
    price: 41_000,
    currentPrice: 39_800,
    isOptions: true,
    optionType: 'put',
    contractMultiplier: 100,
    unrealizedPnl: -360,
  }),
  demo('6', 'Sell', {
    symbol: 'MSFT',
    side: 'sell',
    quantity: 20,
    price: 420.1,
    currentPrice: 415.3,
    unrealizedPnl: 96,
  }),
] as const;

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const shown = (trade: TradeView, stored: number) => money(trade.isOptions ? stored / 100 : stored);

const option = (trade: TradeView) =>
  trade.isOptions
    ? [
        trade.optionType?.toUpperCase() ?? 'Option',
        trade.strikePrice ?? 'no strike',
        trade.expirationDate ?? 'no expiry',
      ]
        .map(String)
        .join(' · ')
    : '—';

type Demo = (typeof DEMO_TRADES)[number];

/**
 * The Dev tab (docs/product.md#admin-panel): 'Dev Only' — the copy-trade dialog with the six demo trades, to try its
 * rules and messages without a shared trade. The demo trades are not on the server: the dialog's own checks run as for
 * a real trade ('Incomplete Options Data', 'Trade Closed', the quantity rules, 'Connect Brokerage'), and a copy that
 * passes them is refused by the server (no such trade) — nothing is ever ordered from here.
 */
export function DevTab({ copyTradeDialog: CopyTradeDialog }: AdminTabProps) {
  const titleId = useId();
  const { user } = useSession();
  const [trade, setTrade] = useState<TradeView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = (next: TradeView) => {
    setLoaded(true);
    setTrade(next);
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card__header">
        <h2 id={titleId} className="card__title">
          Dev Only
        </h2>
        <p className="card__description">
          The copy-trade dialog with six demo trades. They are not on the server: the dialog&apos;s checks run as for a
          real trade, and a copy that passes them is refused by the server, so nothing is ever ordered from here.
        </p>
      </div>
      <div className="card__content">
        <DataTable<Demo>
          aria-label="Demo trades"
          rows={DEMO_TRADES}
          rowKey={(row) => row.trade.id}
          columns={[
            { header: 'Demo', cell: (row) => row.label },
            { header: 'Symbol', cell: (row) => row.trade.symbol },
            {
              header: 'Side',
              cell: (row) => (
                <Badge variant={row.trade.side === 'buy' ? 'success' : 'danger'}>
                  {row.trade.side === 'buy' ? 'Buy' : 'Sell'}
                </Badge>
              ),
            },
            { header: 'Option', cell: (row) => option(row.trade) },
            { header: 'Quantity', numeric: true, cell: (row) => row.trade.quantity.toLocaleString('en-US') },
            { header: 'Price', numeric: true, cell: (row) => shown(row.trade, row.trade.price) },
            { header: 'Status', cell: (row) => (row.trade.status === 'open' ? 'Open' : 'Closed') },
            {
              header: 'Action',
              cell: (row) => (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Open copy dialog: ${row.label} demo`}
                  onClick={() => open(row.trade)}
                >
                  Copy Trade
                </Button>
              ),
            },
          ]}
        />
      </div>
      {loaded ? (
        <Suspense fallback={null}>
          <CopyTradeDialog traceId={DEMO_TRACE_ID} user={user} trade={trade} onClose={() => setTrade(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
