import type { TraceSummaryView } from '@copytrade/contracts';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { riskLabel } from '@/lib/format/text';
import {
  formatDrawdown,
  formatMoney,
  formatSignedPercentValue,
  formatWhole,
  formatWinRate,
  trendClass,
} from '@/lib/format/trade';

interface Stat {
  label: string;
  value: ReactNode;
  tone?: 'gain' | 'loss' | 'flat';
}

/**
 * The trace's statistics (computed by the server from its own trades): win rate (1 decimal), monthly and total
 * return (signed, 2 decimals), max drawdown, total and profitable trades, average trade size, risk level and
 * minimum investment.
 */
export function TraceStats({ trace }: { trace: TraceSummaryView }) {
  const stats: Stat[] = [
    { label: 'Win Rate', value: formatWinRate(trace.winRate) },
    {
      label: 'Monthly Return',
      value: formatSignedPercentValue(trace.monthlyReturn),
      tone: trendClass(trace.monthlyReturn),
    },
    { label: 'Total Return', value: formatSignedPercentValue(trace.totalReturn), tone: trendClass(trace.totalReturn) },
    { label: 'Max Drawdown', value: formatDrawdown(trace.maxDrawdown), tone: trace.maxDrawdown > 0 ? 'loss' : 'flat' },
    { label: 'Total Trades', value: formatWhole(trace.totalTrades) },
    { label: 'Profitable Trades', value: formatWhole(trace.profitableTrades) },
    { label: 'Avg Trade Size', value: formatMoney(trace.avgTradeSize) },
    { label: 'Risk Level', value: riskLabel(trace.riskLevel) },
    { label: 'Min Investment', value: formatMoney(trace.minInvestment) },
  ];
  return (
    <dl className="trace-stats">
      {stats.map((stat) => (
        <div key={stat.label} className="trace-stats__item">
          <dt className="trace-stats__label">{stat.label}</dt>
          <dd className={cn('trace-stats__value', stat.tone)}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
