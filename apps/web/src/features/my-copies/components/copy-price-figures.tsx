import type { CopyInstanceView } from '@copytrade/contracts';
import { formatCurrency, formatPercent, formatSignedCurrency, toneOf } from '../utils/format';

/**
 * The price figures of a copy, for a `<dl>`: its entry price, its current (or exit) price, its P&L and Return %
 * (green or red). The labels name them as an open card or a closed row does.
 */
export function CopyPriceFigures({
  copy,
  labels,
}: {
  copy: CopyInstanceView;
  labels: { entry: string; price: string; pnl: string };
}) {
  const tone = toneOf(copy.copierUnrealizedPnl);
  return (
    <>
      <div>
        <dt>{labels.entry}</dt>
        <dd>{formatCurrency(copy.copyEntryPrice)}</dd>
      </div>
      <div>
        <dt>{labels.price}</dt>
        <dd>{formatCurrency(copy.copierCurrentPrice)}</dd>
      </div>
      <div>
        <dt>{labels.pnl}</dt>
        <dd className={tone}>{formatSignedCurrency(copy.copierUnrealizedPnl)}</dd>
      </div>
      <div>
        <dt>Return %</dt>
        <dd className={tone}>{formatPercent(copy.copierTotalReturn)}</dd>
      </div>
    </>
  );
}
