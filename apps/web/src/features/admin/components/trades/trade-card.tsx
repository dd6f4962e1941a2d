import type { AdminTradeView, TierName } from '@copytrade/contracts';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatHandle } from '@/lib/format/profile';
import { formatSignedUsd, formatUsd } from '@/lib/format/money';
import { formatDateTime } from '../common/format';
import { formatWholeNumber } from '../traces/trace-labels';

export const TIER_LABELS: Record<TierName, string> = { free: 'Free', basic: 'Basic', premium: 'Premium', vip: 'VIP' };

const COPY_STATUS: Record<AdminTradeView['copyInstances'][number]['status'], string> = {
  pending: 'Pending',
  open: 'Open',
  closed: 'Closed',
};

/** 'CALL $450 · exp 2026-12-18' for an option, null for a stock. */
export function optionSummary(
  trade: Pick<AdminTradeView, 'isOptions' | 'optionType' | 'strikePrice' | 'expirationDate'>,
) {
  if (!trade.isOptions) return null;
  return [
    trade.optionType ? trade.optionType.toUpperCase() : 'Option',
    trade.strikePrice !== null ? formatUsd(trade.strikePrice) : 'no strike',
    trade.expirationDate ? `exp ${trade.expirationDate}` : 'no expiry',
  ].join(' · ');
}

export interface TradeCardActions {
  onShare: (trade: AdminTradeView) => void;
  onUnshare: (trade: AdminTradeView) => void;
  onDelete: (trade: AdminTradeView) => void;
}

/**
 * One trade of the admin's list (docs/product.md#admin-panel): symbol, side, options data, quantity, prices, shared
 * flag and tier, status, strategy, notes, tags, P&L, executed time, trader, trace, the copy count and up to 3 copies
 * followed by '...and N more'; its actions Share / Unshare and Delete.
 */
export function TradeCard({ trade, onShare, onUnshare, onDelete }: TradeCardActions & { trade: AdminTradeView }) {
  const option = optionSummary(trade);
  const label = `${trade.symbol} ${trade.side} by ${trade.trader.username ?? 'unknown trader'}`;
  return (
    <li className="admin-trace admin-trade" aria-label={label}>
      <div className="admin-trace__top">
        <div className="admin-trace__identity">
          <h3 className="admin-trace__name">{trade.symbol}</h3>
          <Badge variant={trade.side === 'buy' ? 'success' : 'danger'}>{trade.side === 'buy' ? 'Buy' : 'Sell'}</Badge>
          {option ? <span className="admin-trace__handle">{option}</span> : null}
          <div className="admin-trace__badges">
            <Badge variant={trade.status === 'open' ? 'default' : 'muted'}>
              {trade.status === 'open' ? 'Open' : 'Closed'}
            </Badge>
            {trade.isShared ? (
              <Badge variant="new">Shared · {trade.requiredTier ? TIER_LABELS[trade.requiredTier] : 'any tier'}</Badge>
            ) : (
              <Badge variant="muted">Not shared</Badge>
            )}
          </div>
        </div>
        <div className="admin-trace__actions">
          {trade.isShared ? (
            <Button size="sm" variant="outline" onClick={() => onUnshare(trade)} aria-label={`Unshare ${label}`}>
              Unshare
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => onShare(trade)} aria-label={`Share ${label}`}>
              Share
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => onDelete(trade)} aria-label={`Delete ${label}`}>
            Delete
          </Button>
        </div>
      </div>
      <dl className="admin-trace__facts">
        <Fact label="Trader" wide>
          {trade.trader.username ?? '—'}
        </Fact>
        <Fact label="Trace" wide>
          {trade.trace.name} <span className="admin-trace__email">{formatHandle(trade.trace.handle)}</span>
        </Fact>
        <Fact label="Quantity" numeric>
          {formatWholeNumber(trade.quantity)}
        </Fact>
        <Fact label="Price" numeric>
          {formatUsd(trade.price)}
        </Fact>
        <Fact label="Current" numeric>
          {formatUsd(trade.currentPrice)}
        </Fact>
        <Fact label="Unrealized P&L" numeric>
          {formatSignedUsd(trade.unrealizedPnl)}
        </Fact>
        <Fact label="Realized P&L" numeric>
          {formatSignedUsd(trade.realizedPnl)}
        </Fact>
        <Fact label="Executed" date>
          <time dateTime={trade.executedAt}>{formatDateTime(trade.executedAt)}</time>
        </Fact>
        <Fact label="Strategy">{trade.strategy || '—'}</Fact>
        <Fact label="Tags">{trade.tags.length > 0 ? trade.tags.join(', ') : '—'}</Fact>
        {trade.notes ? (
          <Fact label="Notes" wide>
            {trade.notes}
          </Fact>
        ) : null}
      </dl>
      <Copies trade={trade} />
    </li>
  );
}

function Fact({
  label,
  children,
  numeric,
  wide,
  date,
}: {
  label: string;
  children: ReactNode;
  numeric?: boolean;
  wide?: boolean;
  date?: boolean;
}) {
  const modifier = wide ? ' admin-trace__fact--owner' : date ? ' admin-trade__fact--time' : '';
  return (
    <div className={`admin-trace__fact${modifier}`}>
      <dt>{label}</dt>
      <dd className={numeric ? 'num' : undefined}>{children}</dd>
    </div>
  );
}

/** The copy count and the first copies (the server sends at most 3), then '...and N more'. */
function Copies({ trade }: { trade: AdminTradeView }) {
  if (trade.copyCount === 0) return <p className="muted small">No copies</p>;
  return (
    <div className="admin-trade__copies">
      <p className="small admin-strong">
        {formatWholeNumber(trade.copyCount)} {trade.copyCount === 1 ? 'copy' : 'copies'}
      </p>
      <ul className="admin-trade__copy-list">
        {trade.copyInstances.map((copy) => (
          <li key={copy.id} className="admin-trade__copy">
            <span className="admin-strong">{copy.copierUsername ?? 'Unknown user'}</span>
            <span className="num">{formatUsd(copy.copyAmount)}</span>
            <time className="muted" dateTime={copy.copiedAt}>
              {formatDateTime(copy.copiedAt)}
            </time>
            <Badge variant={copy.status === 'open' ? 'success' : 'muted'}>{COPY_STATUS[copy.status]}</Badge>
          </li>
        ))}
      </ul>
      {trade.moreCopies > 0 ? <p className="muted small">...and {formatWholeNumber(trade.moreCopies)} more</p> : null}
    </div>
  );
}
