import { lazy, Suspense, useId, useMemo } from 'react';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { DataTable } from '@/components/ui/data-table';
import { ChartIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useTraceTrades } from '@/lib/traces/get-trace-trades';
import { cn } from '@/lib/cn';
import { formatSignedUsd } from '@/lib/format/money';
import { formatWhole, trendClass } from '@/lib/format/trade';
import { monthlyReturns, type MonthlyReturn } from '../utils/trade-returns';

// recharts only in this chunk, loaded when the Analytics tab opens.
const TraceReturnChart = lazy(() => import('./trace-return-chart'));

export const ANALYTICS_TEXTS = {
  emptyTitle: 'No closed trades yet',
  emptyText: 'The cumulative and monthly returns appear once the trader closes a shared trade.',
  failed: "Couldn't load the trades for the analytics.",
} as const;

function ChartCard({
  title,
  description,
  summary,
  kind,
  months,
}: {
  title: string;
  description: string;
  summary: string;
  kind: 'cumulative' | 'monthly';
  months: MonthlyReturn[];
}) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <TitledCard titleId={titleId} title={title} description={description}>
      <figure className="trace-chart" aria-describedby={summaryId}>
        <p id={summaryId} className="sr-only">
          {summary}
        </p>
        {/* One image to assistive tech, described above; nothing inside it takes focus. */}
        <div role="img" aria-label={`${title} chart`} className="trace-chart__canvas" data-testid={`${kind}-chart`}>
          <Suspense fallback={<Skeleton width="100%" height={240} />}>
            <TraceReturnChart kind={kind} months={months} />
          </Suspense>
        </div>
      </figure>
    </TitledCard>
  );
}

/**
 * Analytics: the trace's cumulative return and its monthly returns, from the realized P&L of its
 * closed shared trades (up to the 100 most recent the caller may see), summed by closing month.
 */
export function AnalyticsPanel({ traceId, userId }: { traceId: string; userId: string }) {
  const trades = useTraceTrades({ traceId, userId, variant: 'analytics' });
  const months = useMemo(() => monthlyReturns(trades.data ?? []), [trades.data]);

  if (trades.isPending) return <LoadingRows label="Loading analytics..." count={4} />;
  if (trades.isError && !trades.data) {
    return (
      <LoadError onRetry={() => void trades.refetch()} retrying={trades.isFetching}>
        {ANALYTICS_TEXTS.failed}
      </LoadError>
    );
  }
  if (months.length === 0) {
    return (
      <div className="empty-state">
        <ChartIcon size={20} className="empty-state__icon" />
        <p className="empty-state__title">{ANALYTICS_TEXTS.emptyTitle}</p>
        <p className="empty-state__text">{ANALYTICS_TEXTS.emptyText}</p>
      </div>
    );
  }

  const closedCount = months.reduce((sum, month) => sum + month.trades, 0);
  const total = months[months.length - 1]!.cumulative;
  const best = months.reduce((a, b) => (b.pnl > a.pnl ? b : a));
  const worst = months.reduce((a, b) => (b.pnl < a.pnl ? b : a));
  const first = months[0]!;
  const last = months[months.length - 1]!;

  return (
    <div className="trace-analytics">
      <dl className="trace-analytics__summary">
        <div>
          <dt>Realized P&amp;L</dt>
          <dd className={cn('num', trendClass(total))}>{formatSignedUsd(total)}</dd>
        </div>
        <div>
          <dt>Closed trades</dt>
          <dd className="num">{formatWhole(closedCount)}</dd>
        </div>
        <div>
          <dt>Best month</dt>
          <dd className={cn('num', trendClass(best.pnl))}>
            {formatSignedUsd(best.pnl)} <span className="muted small">{best.label}</span>
          </dd>
        </div>
        <div>
          <dt>Worst month</dt>
          <dd className={cn('num', trendClass(worst.pnl))}>
            {formatSignedUsd(worst.pnl)} <span className="muted small">{worst.label}</span>
          </dd>
        </div>
      </dl>
      <p className="muted small">
        From the {formatWhole(closedCount)} most recent closed trades shared with you, {first.label} to {last.label}.
      </p>
      <div className="trace-analytics__charts">
        <ChartCard
          kind="cumulative"
          months={months}
          title="Cumulative Return"
          description="Realized P&L added up month by month."
          summary={`Cumulative realized P&L from ${first.label} to ${last.label}: ${formatSignedUsd(total)}.`}
        />
        <ChartCard
          kind="monthly"
          months={months}
          title="Monthly Returns"
          description="Realized P&L of the trades closed each month."
          summary={months.map((month) => `${month.label}: ${formatSignedUsd(month.pnl)}`).join('; ')}
        />
      </div>
      <details className="trace-analytics__months">
        <summary>Monthly figures</summary>
        <DataTable
          aria-label="Monthly figures"
          rows={[...months].reverse()}
          rowKey={(month) => month.month}
          columns={[
            { header: 'Month', cell: (month) => month.label },
            { header: 'Closed trades', numeric: true, cell: (month) => formatWhole(month.trades) },
            {
              header: 'Realized P&L',
              numeric: true,
              cell: (month) => <span className={trendClass(month.pnl)}>{formatSignedUsd(month.pnl)}</span>,
            },
            {
              header: 'Cumulative',
              numeric: true,
              cell: (month) => (
                <span className={trendClass(month.cumulative)}>{formatSignedUsd(month.cumulative)}</span>
              ),
            },
          ]}
        />
      </details>
    </div>
  );
}
