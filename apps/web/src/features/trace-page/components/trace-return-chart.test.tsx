import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { monthlyReturns } from '../utils/trade-returns';
import TraceReturnChart from './trace-return-chart';
import type { TradeView } from '@copytrade/contracts';

class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 240 } } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}

const closed = (closedAt: string, realizedPnl: number) =>
  ({ status: 'closed', closedAt, executedAt: closedAt, realizedPnl, unrealizedPnl: 0 }) as TradeView;
const MONTHS = monthlyReturns([
  closed('2026-01-10T00:00:00.000Z', 100),
  closed('2026-02-10T00:00:00.000Z', -30),
  closed('2026-03-10T00:00:00.000Z', 50),
]);

describe('TraceReturnChart', () => {
  it('draws-one-bar-a-month-green-for-gains-and-red-for-losses', async () => {
    vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.documentElement.style.setProperty('--gain', '#00ff00');
    document.documentElement.style.setProperty('--loss', '#ff0000');
    const { container } = render(<TraceReturnChart kind="monthly" months={MONTHS} />);
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(3));
    const fills = [...container.querySelectorAll('.recharts-bar-rectangle path')].map((bar) =>
      bar.getAttribute('fill'),
    );
    expect(fills).toEqual(['#00ff00', '#ff0000', '#00ff00']);
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
    document.documentElement.style.removeProperty('--gain');
    document.documentElement.style.removeProperty('--loss');
  });

  it('draws-the-cumulative-line', async () => {
    vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<TraceReturnChart kind="cumulative" months={MONTHS} />);
    await waitFor(() => expect(container.querySelector('.recharts-area-curve')).not.toBeNull());
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  });
});
