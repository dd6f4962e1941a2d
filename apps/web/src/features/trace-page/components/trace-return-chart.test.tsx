import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { monthlyReturns } from '../utils/trade-returns';
import TraceReturnChart, { zeroOffset } from './trace-return-chart';
import type { TradeView } from '@copytrade/contracts';

const closed = (closedAt: string, realizedPnl: number) =>
  ({ status: 'closed', closedAt, executedAt: closedAt, realizedPnl, unrealizedPnl: 0 }) as TradeView;
const MONTHS = monthlyReturns([
  closed('2026-01-10T00:00:00.000Z', 100),
  closed('2026-02-10T00:00:00.000Z', -30),
  closed('2026-03-10T00:00:00.000Z', 50),
]);

describe('TraceReturnChart', () => {
  it('draws-the-months-as-blocks-green-above-zero-and-red-below', async () => {
    stubResizeObserver({ width: 600, height: 240 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.documentElement.style.setProperty('--gain', '#00ff00');
    document.documentElement.style.setProperty('--loss', '#ff0000');
    const { container } = render(<TraceReturnChart kind="monthly" months={MONTHS} />);
    await waitFor(() => expect(container.querySelector('.recharts-area-curve')).not.toBeNull());
    expect(container.querySelector('.recharts-area-curve')).toHaveAttribute('stroke', 'url(#trace-monthly-stroke)');
    // +100, -30, +50: the outline turns red at 100 / 130 of its height, the fill (down to zero) at the same place.
    const stops = (id: string) =>
      [...container.querySelectorAll(`#${id} stop`)].map((stop) => [
        stop.getAttribute('stop-color'),
        Number(stop.getAttribute('offset')).toFixed(3),
      ]);
    expect(stops('trace-monthly-stroke')).toEqual([
      ['#00ff00', '0.769'],
      ['#ff0000', '0.769'],
    ]);
    expect(stops('trace-monthly-fill')).toEqual([
      ['#00ff00', '0.769'],
      ['#ff0000', '0.769'],
    ]);
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
    document.documentElement.style.removeProperty('--gain');
    document.documentElement.style.removeProperty('--loss');
  });

  it('splits-colours-at-zero', () => {
    expect(zeroOffset(100, -30)).toBeCloseTo(0.769, 3);
    expect(zeroOffset(0, -30)).toBe(0);
    expect(zeroOffset(50, 0)).toBe(1);
    expect(zeroOffset(50, 10)).toBe(1);
  });

  it('draws-the-cumulative-line', async () => {
    stubResizeObserver({ width: 600, height: 240 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<TraceReturnChart kind="cumulative" months={MONTHS} />);
    await waitFor(() => expect(container.querySelector('.recharts-area-curve')).not.toBeNull());
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  });
});
