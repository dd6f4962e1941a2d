import type { InvestorStatsView } from '@copytrade/contracts';
import { formatWholeNumber } from '../traces/trace-labels';

/**
 * Copies per top symbol as horizontal bars, longest first as the server ranks them: the ranking reads at a glance
 * where the table's figures do not. Plain HTML and CSS — a chart library would put the admin route over its bundle
 * budget for eight bars (the budget counts lazy chunks too). One image to assistive tech; the table says it in words.
 */
export function TopSymbolsBars({ symbols }: { symbols: InvestorStatsView['topSymbols'] }) {
  const most = Math.max(1, ...symbols.map((symbol) => symbol.copiesCount));
  return (
    <div role="img" aria-label="Copies per top symbol, as in the table" className="admin-bars">
      {symbols.map((symbol) => (
        <div key={symbol.symbol} className="admin-bars__row" aria-hidden="true">
          <span className="admin-bars__label">{symbol.symbol}</span>
          <span className="admin-bars__track">
            <span className="admin-bars__bar" style={{ width: `${(symbol.copiesCount / most) * 100}%` }} />
          </span>
          <span className="admin-bars__value num">{formatWholeNumber(symbol.copiesCount)}</span>
        </div>
      ))}
    </div>
  );
}
