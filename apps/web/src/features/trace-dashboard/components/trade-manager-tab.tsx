import type { OwnerTradeView, TierName, UserView } from '@copytrade/contracts';
import { OWNER_TRADE_STATUSES } from '@copytrade/contracts/http/traces/owner-trades.rules';
import { TIER_NAMES } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { ClockIcon, LayersIcon, RefreshIcon } from '@/components/ui/icons';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { OwnerTraceData } from '../api/get-owner-trace';
import { formatCountdown } from '../hooks/use-rate-limit';
import type { TradeManager } from '../hooks/use-trade-manager';
import { tierLabel } from '@/lib/format/text';
import { rateLimitOf } from '../utils/trade-errors';
import { SellDialog } from './sell-dialog';
import { TradeCard } from './trade-card';

const TIER_OPTIONS = TIER_NAMES.map((name) => ({ value: name, label: tierLabel(name) }));
/** Only trades still held are listed ('closed' ones are gone from the brokerage); see docs/product.md#trade-manager. */
const LISTED = new Set<string>(OWNER_TRADE_STATUSES.filter((status) => status !== 'closed'));

/**
 * The Trade Manager (docs/product.md#trade-manager): sync, cleanup, the open trades, share (permanent) and Sell @
 * Market.
 */
export function TradeManagerTab({
  traceId,
  user,
  data,
  manager,
}: {
  traceId: string;
  user: UserView;
  data: OwnerTraceData;
  manager: TradeManager;
}) {
  const titleId = useId();
  const tierId = useId();
  const [tier, setTier] = useState<TierName>(data.trace.defaultSharingTier);
  const [selling, setSelling] = useState<OwnerTradeView | null>(null);
  const { trades, rateLimit } = manager;
  const listed = (trades.data?.trades ?? []).filter((trade) => LISTED.has(trade.status));
  const limitedOnLoad = rateLimitOf(trades.error) !== null;

  return (
    <div className="owner-trades">
      {rateLimit.limited ? (
        <Alert variant="warning" title="Rate limit reached" icon={<ClockIcon size={16} />}>
          {rateLimit.message}{' '}
          <span className="owner-trades__countdown">
            Sync and cleanup are available again in{' '}
            <span className="tabular">{formatCountdown(rateLimit.secondsLeft)}</span>.
          </span>
        </Alert>
      ) : null}
      <TitledCard
        titleId={titleId}
        title="Trade Manager"
        titleAs="h2"
        description="Trades from your brokerage. Share a trade to let your subscribers see and copy it: sharing is permanent."
      >
        <div className="owner-trades__toolbar">
          <div className="owner-trades__buttons">
            <Button variant="primary" size="sm" onClick={manager.sync} disabled={manager.syncDisabled}>
              <RefreshIcon size={14} />
              {manager.syncing ? 'Syncing...' : 'Sync Brokerage'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => manager.cleanup.mutate()}
              disabled={manager.cleanupDisabled}
            >
              {manager.cleanup.isPending ? 'Cleaning Up...' : 'Clean Up Trades'}
            </Button>
          </div>
          <div className="owner-trades__tier">
            <Label htmlFor={tierId}>Share with</Label>
            <Select
              id={tierId}
              options={TIER_OPTIONS}
              value={tier}
              onValueChange={(value) => setTier(value as TierName)}
            />
          </div>
        </div>
        {trades.data ? (
          <p className="owner-trades__totals" aria-live="polite">
            <span className="tabular">{trades.data.totalCount}</span> open{' '}
            {trades.data.totalCount === 1 ? 'trade' : 'trades'} ·{' '}
            <span className="tabular">{trades.data.sharedCount}</span> shared
          </p>
        ) : null}
        {trades.isPending ? (
          limitedOnLoad ? null : (
            <LoadingRows label="Loading trades..." count={3} />
          )
        ) : trades.isError && !trades.data ? (
          limitedOnLoad ? null : (
            <LoadError onRetry={() => void trades.refetch()} retrying={trades.isFetching}>
              Failed to load trades.
            </LoadError>
          )
        ) : listed.length === 0 ? (
          <div className="empty-state">
            <LayersIcon size={20} className="empty-state__icon" />
            <p className="empty-state__title">No open trades</p>
            <p className="empty-state__text">
              {data.owner.brokerageConnected
                ? 'Sync your brokerage to bring in your latest positions and orders.'
                : 'Connect your brokerage in Settings → Integration, then sync to bring in your trades.'}
            </p>
          </div>
        ) : (
          <ul className="owner-trades__list">
            {listed.map((trade) => (
              <li key={trade.id}>
                <TradeCard
                  trade={trade}
                  sharing={manager.sharingId === trade.id}
                  onShare={() => manager.confirmAndShare(trade, tier)}
                  onSell={() => setSelling(trade)}
                />
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <SellDialog traceId={traceId} user={user} trade={selling} onClose={() => setSelling(null)} />
    </div>
  );
}
