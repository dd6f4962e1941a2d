import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminTrades, type SharedFilter } from '../../api/admin-trades';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminPager } from '../common/admin-pager';
import { AdminSection } from '../common/admin-section';
import { EmptyState, QueryView } from '../common/query-view';
import { TradeCard } from '../trades/trade-card';
import { TradeActionDialog, type TradeDialog } from '../trades/trade-dialogs';

const SHARED_OPTIONS = [
  { value: 'all', label: 'All trades' },
  { value: 'true', label: 'Shared' },
  { value: 'false', label: 'Not shared' },
];

/**
 * The Trades tab (docs/product.md#admin-panel): every trace's trades, filtered by symbol, trace and shared flag, 25 a
 * page from page 1; share (tier, premium by default), unshare (copies untouched) and delete, each after a confirmation.
 */
export function TradesTab({ userId }: AdminTabProps) {
  const id = useId();
  const [symbol, setSymbol] = useState('');
  const [traceId, setTraceId] = useState('');
  const [isShared, setIsShared] = useState<SharedFilter>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<TradeDialog>(null);
  const debouncedSymbol = useDebouncedValue(symbol, 300);
  // A trace id is sent once it is a whole id (the server refuses part of one).
  const traceFilter = /^[0-9a-f-]{36}$/i.test(traceId.trim()) ? traceId.trim() : '';
  const query = useAdminTrades(userId, { symbol: debouncedSymbol, traceId: traceFilter, isShared, page });

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <AdminSection title="Trades" description="Every trace's trades with their copies. Share, unshare or delete them.">
      <div className="admin-filters" role="search" aria-label="Filter trades">
        <div className="admin-filters__field">
          <Label htmlFor={`${id}-symbol`}>Symbol</Label>
          <Input
            id={`${id}-symbol`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="AAPL"
            maxLength={32}
            value={symbol}
            onChange={(event) => filter(setSymbol)(event.target.value)}
          />
        </div>
        <div className="admin-filters__field admin-filters__field--wide">
          <Label htmlFor={`${id}-trace`}>Trace id</Label>
          <Input
            id={`${id}-trace`}
            className="admin-input--id"
            autoComplete="off"
            spellCheck={false}
            placeholder="00000000-0000-0000-0000-000000000000"
            value={traceId}
            onChange={(event) => filter(setTraceId)(event.target.value)}
          />
        </div>
        <div className="admin-filters__field">
          <Label htmlFor={`${id}-shared`}>Shared</Label>
          <Select
            id={`${id}-shared`}
            options={SHARED_OPTIONS}
            value={isShared}
            onValueChange={(value) => filter(setIsShared)(value as SharedFilter)}
          />
        </div>
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading trades…"
        errorText="Couldn't load the trades."
        fallback={AdminFallbacks.fetchTrades}
        toastId="admin-trades-load"
        isEmpty={(data) => data.trades.length === 0}
        empty={
          <EmptyState
            title="No trades found"
            text={
              symbol || traceFilter || isShared !== 'all'
                ? 'No trade matches these filters.'
                : 'No trace has recorded a trade yet.'
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className="admin-traces__list" aria-label="Trades">
              {data.trades.map((trade) => (
                <TradeCard
                  key={trade.id}
                  trade={trade}
                  onShare={(next) => setDialog({ kind: 'share', trade: next })}
                  onUnshare={(next) => setDialog({ kind: 'unshare', trade: next })}
                  onDelete={(next) => setDialog({ kind: 'delete', trade: next })}
                />
              ))}
            </ul>
            <AdminPager
              pagination={data.pagination}
              noun={['trade', 'trades']}
              onPage={setPage}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryView>
      <TradeActionDialog dialog={dialog} onClose={() => setDialog(null)} userId={userId} />
    </AdminSection>
  );
}
