import { describe, expect, it } from 'vitest';
import { tradingStyleLabel } from './trading-styles';

describe('trading style labels', () => {
  it('labels-the-fixed-styles', () => {
    expect(tradingStyleLabel('day_trading')).toBe('Day Trading');
    expect(tradingStyleLabel('swing_trading')).toBe('Swing Trading');
    expect(tradingStyleLabel('etfs')).toBe('ETFs');
    expect(tradingStyleLabel('forex')).toBe('Forex');
  });

  it('humanises-a-style-outside-the-list', () => {
    expect(tradingStyleLabel('mean_reversion')).toBe('Mean Reversion');
  });
});
