import type { CopyInstanceView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { formatCurrency, formatDate, formatPercent, formatSignedCurrency, toneOf, tradeTypeOf } from '../utils/format';
import { CopyReceipt } from './copy-receipt';

/**
 * A closed copy (seed 001 §2.6): symbol, trace name, trade type, Entry Price, Exit Price, Realized P&L, Return %;
 * and its receipt.
 */
export function ClosedPositionRow({ copy }: { copy: CopyInstanceView }) {
  const trade = copy.originalTrade;
  const tone = toneOf(copy.copierUnrealizedPnl);
  return (
    <li className="closed-row">
      <div className="closed-row__head">
        <span className="closed-row__symbol">{trade.symbol}</span>
        <span className="closed-row__trace">{trade.trace.name}</span>
        <Badge>{tradeTypeOf(copy)}</Badge>
        {copy.closedAt ? <span className="closed-row__date">Closed {formatDate(copy.closedAt)}</span> : null}
      </div>
      <dl className="copy-figures copy-figures--row">
        <div>
          <dt>Entry Price</dt>
          <dd>{formatCurrency(copy.copyEntryPrice)}</dd>
        </div>
        <div>
          <dt>Exit Price</dt>
          <dd>{formatCurrency(copy.copierCurrentPrice)}</dd>
        </div>
        <div>
          <dt>Realized P&amp;L</dt>
          <dd className={tone}>{formatSignedCurrency(copy.copierUnrealizedPnl)}</dd>
        </div>
        <div>
          <dt>Return %</dt>
          <dd className={tone}>{formatPercent(copy.copierTotalReturn)}</dd>
        </div>
      </dl>
      <CopyReceipt copy={copy} />
    </li>
  );
}
