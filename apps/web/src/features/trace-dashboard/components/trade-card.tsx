import type { OwnerTradeView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/format/date';
import { capitalize, tierLabel } from '@/lib/format/text';
import { formatMoney, formatQuantity } from '@/lib/format/trade';
import { canSellTrade } from '../utils/sell-checks';

/** One trade of the Trade Manager (docs/product.md#trade-manager). Options prices arrive per contract in dollars. */
export function TradeCard({
  trade,
  sharing,
  onShare,
  onSell,
}: {
  trade: OwnerTradeView;
  sharing: boolean;
  onShare: () => void;
  onSell: () => void;
}) {
  const unit = trade.isOptions
    ? trade.quantity === 1
      ? 'contract'
      : 'contracts'
    : trade.quantity === 1
      ? 'share'
      : 'shares';
  return (
    <article className="owner-trade" aria-label={trade.symbol}>
      <div className="owner-trade__head">
        <div className="owner-trade__title">
          <h3 className="owner-trade__symbol">{trade.symbol}</h3>
          <Badge variant={trade.side === 'buy' ? 'success' : 'danger'}>{trade.side.toUpperCase()}</Badge>
          <span className="owner-trade__status">{capitalize(trade.status)}</span>
        </div>
        <div className="owner-trade__badges">
          {trade.isShared ? (
            <>
              <Badge variant="new">Shared{trade.requiredTier ? ` · ${tierLabel(trade.requiredTier)}` : ''}</Badge>
              <span className="owner-trade__copies" title="Copies by subscribers">
                <CopyIcon size={12} />
                {trade.copyCount} {trade.copyCount === 1 ? 'copy' : 'copies'}
              </span>
            </>
          ) : null}
          {trade.isShared && trade.status === 'sold' ? <Badge variant="warning">Sold</Badge> : null}
        </div>
      </div>
      <dl className="owner-trade__details">
        <div>
          <dt>Quantity</dt>
          <dd className="tabular">
            {formatQuantity(trade.quantity)} {unit}
          </dd>
        </div>
        <div>
          <dt>Entry Price</dt>
          <dd className="tabular">{formatMoney(trade.price)}</dd>
        </div>
        <div>
          <dt>Current Price</dt>
          <dd className={cn('tabular', gainClass(trade))}>{formatMoney(trade.currentPrice)}</dd>
        </div>
        <div>
          <dt>Executed</dt>
          <dd>{formatDateTime(trade.executedAt)}</dd>
        </div>
        {trade.isOptions ? (
          <>
            <div>
              <dt>Option</dt>
              <dd>
                {trade.optionType ? capitalize(trade.optionType) : '—'}{' '}
                {trade.strikePrice !== null ? formatMoney(trade.strikePrice) : ''}
              </dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{formatDay(trade.expirationDate)}</dd>
            </div>
            <div>
              <dt>Contract Size</dt>
              <dd className="tabular">×{trade.contractMultiplier}</dd>
            </div>
            {trade.optionsTicker ? (
              <div>
                <dt>OCC Symbol</dt>
                <dd className="mono owner-trade__ticker">{trade.optionsTicker}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
      {trade.description ? <p className="owner-trade__description">{trade.description}</p> : null}
      <div className="owner-trade__actions">
        {trade.isShared ? null : (
          <Button size="sm" variant="outline" onClick={onShare} disabled={sharing}>
            {sharing ? 'Sharing...' : 'Share Trade'}
          </Button>
        )}
        {canSellTrade(trade) ? (
          <Button size="sm" variant="danger" onClick={onSell}>
            Sell @ Market
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/** Buys gain when the price rose, sells when it fell. */
function gainClass(trade: OwnerTradeView): string | undefined {
  const change = (trade.currentPrice - trade.price) * (trade.side === 'buy' ? 1 : -1);
  if (Math.abs(change) < 0.005) return undefined;
  return change > 0 ? 'gain' : 'loss';
}
