import type { TradeView } from '@copytrade/contracts';
import { describe, expect, it } from 'vitest';
import { monthlyReturns } from './trade-returns';

const closed = (closedAt: string | null, realizedPnl: number, executedAt = '2026-01-01T00:00:00.000Z') =>
  ({ status: 'closed', closedAt, executedAt, realizedPnl, unrealizedPnl: 0 }) as TradeView;

describe('monthlyReturns', () => {
  it('is-empty-without-closed-trades', () => {
    expect(monthlyReturns([])).toEqual([]);
    expect(monthlyReturns([{ ...closed(null, 50), status: 'open' }])).toEqual([]);
  });

  it('sums-realized-pnl-by-closing-month-fills-gaps-and-runs-a-cumulative-sum', () => {
    const months = monthlyReturns([
      closed('2026-03-31T23:59:00.000Z', -40.1),
      closed('2025-12-15T10:00:00.000Z', 100.2),
      closed('2026-03-01T00:00:00.000Z', 10),
      closed('2025-12-01T00:00:00.000Z', 0.1),
    ]);
    expect(months).toEqual([
      { month: '2025-12', label: 'Dec 2025', pnl: 100.3, cumulative: 100.3, trades: 2 },
      { month: '2026-01', label: 'Jan 2026', pnl: 0, cumulative: 100.3, trades: 0 },
      { month: '2026-02', label: 'Feb 2026', pnl: 0, cumulative: 100.3, trades: 0 },
      { month: '2026-03', label: 'Mar 2026', pnl: -30.1, cumulative: 70.2, trades: 2 },
    ]);
  });

  it('counts-a-closed-trade-without-closing-time-in-its-execution-month', () => {
    expect(monthlyReturns([closed(null, 5, '2026-02-10T00:00:00.000Z')])).toEqual([
      { month: '2026-02', label: 'Feb 2026', pnl: 5, cumulative: 5, trades: 1 },
    ]);
  });
});
