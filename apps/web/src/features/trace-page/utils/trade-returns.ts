import type { TradeView } from '@copytrade/contracts';

/** One calendar month (UTC) of a trace's closed trades. */
export interface MonthlyReturn {
  /** `2026-03` */
  month: string;
  /** `Mar 2026` */
  label: string;
  /** Realized P&L of the trades closed that month, in dollars. */
  pnl: number;
  /** Realized P&L from the first month through this one. */
  cumulative: number;
  trades: number;
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const cents = (value: number): number => Math.round(value * 100) / 100;

const monthKey = (date: Date): string => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The Analytics tab's series: realized P&L of closed trades summed by closing month (UTC), the months between
 * the first and the last included with zero so the cumulative line has no gaps, and the running sum.
 * Open trades are left out; a closed trade without a closing time counts in the month it was executed.
 */
export function monthlyReturns(trades: readonly TradeView[]): MonthlyReturn[] {
  const byMonth = new Map<string, { pnl: number; trades: number }>();
  for (const trade of trades) {
    if (trade.status !== 'closed') continue;
    const closed = new Date(trade.closedAt ?? trade.executedAt);
    if (Number.isNaN(closed.getTime())) continue;
    const key = monthKey(closed);
    const entry = byMonth.get(key) ?? { pnl: 0, trades: 0 };
    entry.pnl += Number.isFinite(trade.realizedPnl) ? trade.realizedPnl : 0;
    entry.trades += 1;
    byMonth.set(key, entry);
  }
  if (byMonth.size === 0) return [];

  const keys = [...byMonth.keys()].sort();
  const [firstYear, firstMonth] = keys[0]!.split('-').map(Number) as [number, number];
  const last = keys[keys.length - 1]!;
  const result: MonthlyReturn[] = [];
  let cumulative = 0;
  for (let index = 0; ; index += 1) {
    const date = new Date(Date.UTC(firstYear, firstMonth - 1 + index, 1));
    const key = monthKey(date);
    const entry = byMonth.get(key) ?? { pnl: 0, trades: 0 };
    cumulative += entry.pnl;
    result.push({
      month: key,
      label: monthLabel.format(date),
      pnl: cents(entry.pnl),
      cumulative: cents(cumulative),
      trades: entry.trades,
    });
    if (key === last) break;
  }
  return result;
}
