import type { TradingStyle } from '@copytrade/contracts';

/** How each trading style of the fixed list (seed 001 §5) reads on a card. */
const STYLE_LABELS: Record<TradingStyle, string> = {
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
export function specialtyLabel(style: string): string {
  const known = (STYLE_LABELS as Record<string, string>)[style];
  if (known) return known;
  return style
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The first `count` specialties of a trace, labelled: 3 on a featured card, 2 on a grid card (seed 001 §9). */
export const specialtiesOf = (tradingStyle: readonly string[], count: number): string[] =>
  tradingStyle.slice(0, count).map(specialtyLabel);
