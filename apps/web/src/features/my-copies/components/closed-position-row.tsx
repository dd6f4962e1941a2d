import type { CopyInstanceView } from '@copytrade/contracts';
import { Badge } from '@/components/ui/badge';
import { closedByText, formatDate, tradeTypeOf } from '../utils/format';
import { CopyPriceFigures } from './copy-price-figures';
import { CopyReceipt } from './copy-receipt';

/**
 * A closed copy (docs/product.md#my-copy-trades): symbol, trace name, trade type, Entry Price, Exit Price, Realized
 * P&L, Return %; who closed it when it was not the follower (a guard, the trader's sell); and its receipt.
 */
export function ClosedPositionRow({ copy }: { copy: CopyInstanceView }) {
  const trade = copy.originalTrade;
  const closedBy = closedByText(copy);
  return (
    <li className="closed-row">
      <div className="closed-row__head">
        <span className="closed-row__symbol">{trade.symbol}</span>
        <span className="closed-row__trace">{trade.trace.name}</span>
        <Badge>{tradeTypeOf(copy)}</Badge>
        {copy.closedAt ? <span className="closed-row__date">Closed {formatDate(copy.closedAt)}</span> : null}
      </div>
      {closedBy ? <p className="closed-row__closed-by">{closedBy}</p> : null}
      <dl className="copy-figures copy-figures--row">
        <CopyPriceFigures copy={copy} labels={{ entry: 'Entry Price', price: 'Exit Price', pnl: 'Realized P&L' }} />
      </dl>
      <CopyReceipt copy={copy} />
    </li>
  );
}
