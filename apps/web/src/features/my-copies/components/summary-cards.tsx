import type { CopyPerformanceView } from '@copytrade/contracts';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCurrency, formatPercent, formatSignedCurrency, formatWinRate, toneOf } from '../utils/format';

function SummaryCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="copies-summary__card">
      <h2 className="copies-summary__label">{label}</h2>
      {children}
    </Card>
  );
}

/**
 * The summary cards (docs/product.md#my-copy-trades): Total Invested; Total Return (signed amount and signed percent);
 * Win Rate (1 decimal, with a progress bar); Total Copies ('N open, M closed').
 */
export function SummaryCards({ performance }: { performance: CopyPerformanceView }) {
  const tone = toneOf(performance.totalReturn);
  const winRate = Math.min(100, Math.max(0, performance.winRate || 0));
  return (
    <section className="copies-summary" aria-label="Copy trading summary">
      <SummaryCard label="Total Invested">
        <p className="copies-summary__value">{formatCurrency(performance.totalInvested)}</p>
        <p className="copies-summary__hint">Across open and closed copies</p>
      </SummaryCard>
      <SummaryCard label="Total Return">
        <p className={cn('copies-summary__value', tone)}>{formatSignedCurrency(performance.totalReturn)}</p>
        <p className={cn('copies-summary__hint', tone)}>{formatPercent(performance.totalReturnPercent)}</p>
      </SummaryCard>
      <SummaryCard label="Win Rate">
        <p className="copies-summary__value">{formatWinRate(performance.winRate)}</p>
        <div
          className="copies-summary__bar"
          role="progressbar"
          aria-label="Win rate"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={winRate}
          aria-valuetext={formatWinRate(performance.winRate)}
        >
          <span style={{ width: `${winRate}%` }} />
        </div>
      </SummaryCard>
      <SummaryCard label="Total Copies">
        <p className="copies-summary__value">{performance.totalCopies}</p>
        <p className="copies-summary__hint">
          {performance.openPositions} open, {performance.closedPositions} closed
        </p>
      </SummaryCard>
    </section>
  );
}
