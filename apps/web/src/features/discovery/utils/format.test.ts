import { describe, expect, it } from 'vitest';
import { formatSubscribers } from './format';
import { specialtiesOf } from './specialties';

describe('discovery figures', () => {
  it('shows-subscriber-counts-of-10000-or-more-in-K-with-one-decimal', () => {
    expect(formatSubscribers(12_345)).toBe('12.3K');
    expect(formatSubscribers(10_000)).toBe('10.0K');
    expect(formatSubscribers(12_360)).toBe('12.4K');
    expect(formatSubscribers(1_234_567)).toBe('1,234.6K');
  });

  it('shows-counts-below-10000-in-full', () => {
    expect(formatSubscribers(9_999)).toBe('9,999');
    expect(formatSubscribers(950)).toBe('950');
    expect(formatSubscribers(0)).toBe('0');
  });

  it('labels-trading-styles-and-takes-the-first-n', () => {
    expect(specialtiesOf(['crypto', 'day_trading', 'options', 'stocks'], 3)).toEqual([
      'Crypto',
      'Day Trading',
      'Options',
    ]);
    expect(specialtiesOf(['crypto', 'day_trading', 'options'], 2)).toEqual(['Crypto', 'Day Trading']);
  });
});
