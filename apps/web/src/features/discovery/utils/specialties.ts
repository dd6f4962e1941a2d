import { tradingStyleLabel } from '@/lib/trading-styles';

/**
 * The first `count` specialties of a trace, labelled: 3 on a featured card, 2 on a grid card
 * (docs/product.md#business-constants).
 */
export const specialtiesOf = (tradingStyle: readonly string[], count: number): string[] =>
  tradingStyle.slice(0, count).map(tradingStyleLabel);
