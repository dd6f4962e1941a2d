import type { LivePositionView } from '@copytrade/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { CheckIcon, CopyIcon, LinkIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ContractPrice } from '@/components/trades/contract-price';
import { formatDateTime } from '@/lib/format/date';
import { formatSignedUsd } from '@/lib/format/money';
import { capitalize, tierLabel } from '@/lib/format/text';
import { formatQuantity, optionSummary, trendClass } from '@/lib/format/trade';
import { formatHandle } from '@/lib/format/profile';
import { cn } from '@/lib/cn';
import { openCopyOf } from '../utils/terminal';

export const POSITION_TEXTS = {
  copy: 'Copy',
  copied: 'Copied',
  copyPending: 'Copy pending',
  sell: 'Sell @ Market',
  connect: 'Connect Brokerage',
  lastSyncedPrice: 'Last synced price',
} as const;

/** A price as the terminal shows it, per contract for options. */
const Price = ({ position, stored }: { position: LivePositionView; stored: number }) => (
  <ContractPrice trade={position} stored={stored} unitClassName="tt-position__unit" />
);

interface PositionProps {
  position: LivePositionView;
  brokerageConnected: boolean;
  onCopy: (position: LivePositionView) => void;
  onSell: (position: LivePositionView) => void;
}

/**
 * The action of a position (docs/product.md#trading-terminal): without a connected brokerage 'Connect Brokerage' (to
 * /settings); a copied position shows 'Copied' (or 'Copy pending' until the brokerage fills it) and, while the copy
 * still holds units, Sell @ Market; otherwise Copy.
 */
function PositionActions({ position, brokerageConnected, onCopy, onSell }: PositionProps) {
  if (position.hasUserCopied) {
    const pending = position.copyInstances.some((copy) => copy.status === 'pending');
    const held = openCopyOf(position);
    return (
      <>
        {pending && !held ? (
          <Badge variant="warning">{POSITION_TEXTS.copyPending}</Badge>
        ) : (
          <Badge variant="success">
            <CheckIcon size={12} />
            {POSITION_TEXTS.copied}
          </Badge>
        )}
        {held ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`${POSITION_TEXTS.sell} ${position.symbol}`}
            onClick={() => onSell(position)}
          >
            {POSITION_TEXTS.sell}
          </Button>
        ) : null}
      </>
    );
  }
  if (!brokerageConnected)
    return (
      <Link
        to={paths.app.settings.getHref()}
        className={buttonClassName({ size: 'sm', variant: 'outline' })}
        aria-label={`${POSITION_TEXTS.connect} to copy ${position.symbol}`}
      >
        <LinkIcon size={12} />
        {POSITION_TEXTS.connect}
      </Link>
    );
  return (
    <Button
      size="sm"
      variant="primary"
      aria-label={`${POSITION_TEXTS.copy} ${position.symbol}`}
      onClick={() => onCopy(position)}
    >
      <CopyIcon size={12} />
      {POSITION_TEXTS.copy}
    </Button>
  );
}

/**
 * One live position (docs/product.md#entities-and-fields): the trader, the instrument, side, quantity, entry and
 * current price, P&L (green or red, signed), when it was opened, strategy, confidence, tier, how often it was copied,
 * and its action.
 */
export function PositionCard({ position, brokerageConnected, onCopy, onSell }: PositionProps) {
  const titleId = useId();
  const detail = optionSummary(position);
  return (
    <article className="card tt-position" aria-labelledby={titleId}>
      <header className="tt-position__trader">
        <Avatar src={position.avatarSrc} name={position.tracerName} size={32} />
        <div className="tt-position__who">
          <Link to={paths.app.trace.getHref(position.traceId)} className="tt-position__trace">
            {position.tracerName}
          </Link>
          <span className="muted small">{formatHandle(position.tracerHandle)}</span>
        </div>
        {position.tier ? <Badge variant="muted">{tierLabel(position.tier)}</Badge> : null}
      </header>

      <div className="tt-position__instrument">
        <h3 id={titleId} className="tt-position__symbol">
          {position.symbol}
        </h3>
        <Badge variant={position.side === 'buy' ? 'success' : 'danger'}>{capitalize(position.side)}</Badge>
        {detail ? <span className="tt-position__option">{detail}</span> : null}
      </div>

      <dl className="tt-position__figures">
        <div>
          <dt>Quantity</dt>
          <dd className="tabular">{formatQuantity(position.quantity)}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd className="tabular">
            <Price position={position} stored={position.price} />
          </dd>
        </div>
        <div>
          <dt>Current</dt>
          <dd className="tabular">
            <Price position={position} stored={position.currentPrice} />
            {position.priceSource === 'trace' ? (
              <span className="tt-position__stale">{POSITION_TEXTS.lastSyncedPrice}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>P&amp;L</dt>
          <dd className={cn('tabular tt-position__pnl', trendClass(position.pnl))}>{formatSignedUsd(position.pnl)}</dd>
        </div>
      </dl>

      <p className="tt-position__meta muted small">
        <time dateTime={position.executedAt}>{formatDateTime(position.executedAt)}</time>
        <span>Strategy: {position.strategy}</span>
        <span>{position.confidence} confidence</span>
        <span>
          {position.copyCount} {position.copyCount === 1 ? 'copy' : 'copies'} · {position.activeCopies} active
        </span>
      </p>
      {position.notes ? <p className="tt-position__notes small">{position.notes}</p> : null}

      <div className="tt-position__actions">
        <PositionActions position={position} brokerageConnected={brokerageConnected} onCopy={onCopy} onSell={onSell} />
      </div>
    </article>
  );
}
