import type { PortfolioHistoryView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/data-state';
import { ChartIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatSignedPercent, formatSignedUsd, formatUsd } from '@/lib/format/money';

const PortfolioValueChart = lazy(() => import('./portfolio-value-chart'));

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const PERFORMANCE_TEXTS = {
  unlinkedTitle: 'No performance data yet',
  unlinkedText: 'Connect your brokerage account to follow your portfolio value over time.',
  emptyTitle: 'No performance history yet',
  emptyText: 'Your portfolio value is recorded each time your balances are read. Check back soon.',
  failed: "Couldn't load the performance history.",
  singleTitle: 'One reading so far',
  singleText: 'The line starts with the next reading of your balances.',
} as const;

function ChartSkeleton({ label }: { label: string }) {
  return (
    <div className="performance__skeleton" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton width="100%" height={260} />
    </div>
  );
}

/** Words for the chart: where the series starts and ends, and the change in between. */
function describe(history: PortfolioHistoryView) {
  const first = history.points[0]!;
  const last = history.points[history.points.length - 1]!;
  const change = last.totalValue - first.totalValue;
  const ratio = first.totalValue === 0 ? 0 : change / first.totalValue;
  return { first, last, change, ratio };
}

/**
 * Performance Overview: a real chart of the portfolio's total value over time (docs/product.md#dashboard).
 * Loading, error and empty states, and a text summary for screen readers.
 */
export function PerformanceOverview({
  linked,
  history,
  blocked,
}: {
  linked: boolean;
  history: UseQueryResult<PortfolioHistoryView>;
  /** The accounts read failed, so the history is never asked for: show the error (the metric cards' Retry re-reads). */
  blocked?: boolean;
}) {
  const titleId = useId();
  const summaryId = useId();

  let body;
  let headline = null;
  if (!linked) {
    body = (
      <div className="empty-state performance__empty">
        <ChartIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">{PERFORMANCE_TEXTS.unlinkedTitle}</p>
        <p className="empty-state__text">{PERFORMANCE_TEXTS.unlinkedText}</p>
      </div>
    );
  } else if (blocked && !history.data) {
    body = <LoadError>{PERFORMANCE_TEXTS.failed}</LoadError>;
  } else if (history.isPending) {
    body = <ChartSkeleton label="Loading performance history..." />;
  } else if (history.isError && !history.data) {
    body = (
      <LoadError onRetry={() => void history.refetch()} retrying={history.isFetching}>
        {PERFORMANCE_TEXTS.failed}
      </LoadError>
    );
  } else if (history.data.points.length === 0) {
    body = (
      <div className="empty-state performance__empty">
        <ChartIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">{PERFORMANCE_TEXTS.emptyTitle}</p>
        <p className="empty-state__text">{PERFORMANCE_TEXTS.emptyText}</p>
      </div>
    );
  } else if (history.data.points.length === 1) {
    // A chart of one point is a lone dot: say what there is instead.
    const [only] = history.data.points as [PortfolioHistoryView['points'][number]];
    headline = (
      <div className="performance__headline">
        <span className="performance__value">{formatUsd(only.totalValue)}</span>
      </div>
    );
    body = (
      <div className="empty-state performance__empty performance__single">
        <ChartIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">{PERFORMANCE_TEXTS.singleTitle}</p>
        <p className="empty-state__text">
          Recorded {longDate.format(new Date(only.timestamp))}. {PERFORMANCE_TEXTS.singleText}
        </p>
      </div>
    );
  } else {
    const { first, last, change, ratio } = describe(history.data);
    const trend = change > 0 ? 'gain' : change < 0 ? 'loss' : 'flat';
    headline = (
      <div className="performance__headline">
        <span className="performance__value">{formatUsd(last.totalValue)}</span>
        <span className={cn('performance__change', trend)}>
          {formatSignedUsd(change)} ({formatSignedPercent(ratio)})
        </span>
      </div>
    );
    body = (
      <figure className="performance__figure" aria-describedby={summaryId}>
        <p id={summaryId} className="sr-only">
          Portfolio value went from {formatUsd(first.totalValue)} on {longDate.format(new Date(first.timestamp))} to{' '}
          {formatUsd(last.totalValue)} on {longDate.format(new Date(last.timestamp))}, a change of{' '}
          {formatSignedUsd(change)} ({formatSignedPercent(ratio)}), over {history.data.points.length}{' '}
          {history.data.points.length === 1 ? 'reading' : 'readings'}.
        </p>
        {/* An image to assistive tech, described by the summary above; nothing inside it takes focus. */}
        <div
          role="img"
          aria-label="Portfolio value chart"
          className="performance__chart"
          data-testid="portfolio-value-chart"
        >
          <Suspense fallback={<Skeleton width="100%" height={260} />}>
            <PortfolioValueChart points={history.data.points} trend={trend} />
          </Suspense>
        </div>
      </figure>
    );
  }

  return (
    <Card aria-labelledby={titleId} className="performance">
      <CardHeader>
        <div className="card__header-row">
          <CardTitle id={titleId}>Performance Overview</CardTitle>
          {headline}
        </div>
        <CardDescription>Total value of your brokerage accounts over the last 90 days.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
