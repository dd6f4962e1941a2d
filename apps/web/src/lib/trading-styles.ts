import type { TradingStyle } from '@copytrade/contracts';

/** How each trading style of the fixed list (docs/product.md#validation-rules) reads wherever the product shows it. */
export const TRADING_STYLE_LABELS: Record<TradingStyle, string> = {
  day_trading: 'Day Trading',
  swing_trading: 'Swing Trading',
  options: 'Options',
  futures: 'Futures',
  crypto: 'Crypto',
  forex: 'Forex',
  stocks: 'Stocks',
  etfs: 'ETFs',
  scalping: 'Scalping',
  position_trading: 'Position Trading',
};

/** A style's label; one outside the list is humanised from its snake_case (`mean_reversion` → Mean Reversion). */
export function tradingStyleLabel(style: string): string {
  const known = (TRADING_STYLE_LABELS as Record<string, string>)[style];
  if (known) return known;
  return style
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
