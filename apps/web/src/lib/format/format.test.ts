import { describe, expect, it } from 'vitest';
import {
  displayPrice,
  formatDrawdown,
  formatMoney,
  formatSignedPercentValue,
  formatWinRate,
  tradePnl,
  trendClass,
} from './trade';
import { formatCountBadge, formatTimeAgo } from './notification';

describe('trace page formatting', () => {
  it('writes-percents-signed-with-2-decimals-and-a-plus-at-zero', () => {
    expect(formatSignedPercentValue(12.345)).toBe('+12.35%');
    expect(formatSignedPercentValue(0)).toBe('+0.00%');
    expect(formatSignedPercentValue(-3.4)).toBe('-3.40%');
    expect(formatSignedPercentValue(Number.NaN)).toBe('0.00%');
    expect(formatSignedPercentValue(undefined)).toBe('0.00%');
  });

  it('writes-win-rate-with-1-decimal-and-missing-money-as-zero-dollars', () => {
    expect(formatWinRate(66.666)).toBe('66.7%');
    expect(formatWinRate(null)).toBe('0.0%');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatDrawdown(8.2)).toBe('-8.20%');
    expect(formatDrawdown(0)).toBe('0.00%');
  });

  it('divides-options-prices-by-100-and-picks-pnl-by-status', () => {
    expect(displayPrice({ isOptions: true }, 1250)).toBe(12.5);
    expect(displayPrice({ isOptions: false }, 1250)).toBe(1250);
    expect(tradePnl({ status: 'open', unrealizedPnl: 5, realizedPnl: 9 })).toBe(5);
    expect(tradePnl({ status: 'closed', unrealizedPnl: 5, realizedPnl: 9 })).toBe(9);
  });
});

describe('discovery card figures', () => {
  const monthlyReturn = (percent: number) => formatSignedPercentValue(percent, { missing: '—', plusAtZero: false });
  const direction = (percent: number) => trendClass(percent, { shownAsZero: true });
  const winRate = (percent: number) => formatWinRate(percent, '—');

  it('signs-monthly-returns-with-two-decimals', () => {
    expect(monthlyReturn(23.456)).toBe('+23.46%');
    expect(monthlyReturn(-4.1)).toBe('-4.10%');
    expect(monthlyReturn(0.001)).toBe('0.00%');
    expect(direction(23.4)).toBe('gain');
    expect(direction(-0.5)).toBe('loss');
    expect(direction(0)).toBe('flat');
  });

  it('shows-win-rate-with-one-decimal', () => {
    expect(winRate(68.54)).toBe('68.5%');
    expect(winRate(68.56)).toBe('68.6%');
    expect(winRate(70)).toBe('70.0%');
  });
});

describe('notification figures', () => {
  it('says how long ago, short', () => {
    const now = Date.parse('2026-03-20T12:00:00.000Z');
    const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);
    expect(ago(10_000)).toBe('Just now');
    expect(ago(-5_000)).toBe('Just now');
    expect(ago(5 * 60_000)).toBe('5m ago');
    expect(ago(3 * 3_600_000 + 59 * 60_000)).toBe('3h ago');
    expect(ago(2 * 86_400_000)).toBe('2d ago');
    expect(ago(19 * 86_400_000)).toBe('2w ago');
    expect(ago(95 * 86_400_000)).toBe('3mo ago');
    expect(ago(800 * 86_400_000)).toBe('2y ago');
    expect(formatTimeAgo('not a date', now)).toBe('—');
  });

  it('caps a count badge', () => {
    expect(formatCountBadge(1, 99)).toBe('1');
    expect(formatCountBadge(99, 99)).toBe('99');
    expect(formatCountBadge(100, 99)).toBe('99+');
  });
});
