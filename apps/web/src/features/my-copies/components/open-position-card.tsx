import type { CopyInstanceView } from '@copytrade/contracts';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChevronRightIcon, RefreshIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useRefreshPrice } from '../hooks/use-refresh-price';
import { closeFailureText, formatCurrency, formatDate, formatQuantity, tradeTypeOf, unitOf } from '../utils/format';
import { CopyPriceFigures } from './copy-price-figures';
import { CopyReceipt } from './copy-receipt';

/**
 * An open copy (docs/product.md#my-copy-trades): symbol, trace name, trade type, My Entry Price, Current Price,
 * Unrealized P&L, Return %, Investment, 'Copied on'; Close Position, the price refresh (disabled while it runs), View
 * Trace; the copy's receipt; and, when a guard's close gave up on it, why it is still open.
 */
export function OpenPositionCard({
  copy,
  userId,
  closing,
  onClose,
}: {
  copy: CopyInstanceView;
  userId: string;
  closing: boolean;
  onClose: (copy: CopyInstanceView) => void;
}) {
  const refresh = useRefreshPrice(userId, copy.id);
  const trade = copy.originalTrade;
  const titleId = `copy-${copy.id}-title`;
  const closeFailure = closeFailureText(copy);
  return (
    <Card className="copy-card" aria-labelledby={titleId}>
      <div className="copy-card__head">
        <div className="copy-card__name">
          <h3 id={titleId} className="copy-card__symbol">
            {trade.symbol}
          </h3>
          <p className="copy-card__trace">{trade.trace.name}</p>
        </div>
        <Badge variant={trade.type === 'sell' ? 'danger' : 'success'}>{tradeTypeOf(copy)}</Badge>
      </div>
      <dl className="copy-figures">
        <CopyPriceFigures
          copy={copy}
          labels={{ entry: 'My Entry Price', price: 'Current Price', pnl: 'Unrealized P&L' }}
        />
        <div>
          <dt>Investment</dt>
          <dd>{formatCurrency(copy.copyAmount)}</dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>
            {formatQuantity(copy.copyQuantity)} {unitOf(copy, copy.copyQuantity)}
          </dd>
        </div>
      </dl>
      <p className="copy-card__copied">Copied on {formatDate(copy.copiedAt)}</p>
      {closeFailure ? <p className="copy-card__close-failure">{closeFailure}</p> : null}
      <CopyReceipt copy={copy} />
      <div className="copy-card__actions">
        <Button variant="danger" size="sm" onClick={() => onClose(copy)} disabled={closing}>
          {closing ? 'Closing...' : 'Close Position'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className={cn('copy-card__refresh', refresh.isPending && 'is-spinning')}
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
          aria-label={`Refresh price of ${trade.symbol}`}
          title="Refresh price"
        >
          <RefreshIcon size={14} />
        </Button>
        <Link
          to={paths.app.trace.getHref(trade.trace.id)}
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'copy-card__trace-link' })}
        >
          View Trace
          <ChevronRightIcon size={14} />
        </Link>
      </div>
    </Card>
  );
}
