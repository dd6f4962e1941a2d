import type { FollowerResultsWeek } from '@copytrade/contracts';
import { useId, type ReactNode } from 'react';
import { FollowerResultsHelp, FollowerResultsPanel } from '@/components/follower-results/follower-results';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { DataTable } from '@/components/ui/data-table';
import { ChartIcon } from '@/components/ui/icons';
import { formatDay } from '@/lib/format/date';
import { formatResultReturn, formatSlippage, NOT_ENOUGH_COPIES } from '@/lib/format/follower-results';
import { formatWhole } from '@/lib/format/trade';
import { useOwnerAnalytics, type OwnerAnalytics } from '../api/get-owner-analytics';
import { WeekChart } from './week-chart';

export const ANALYTICS_TAB_TEXTS = {
  loading: 'Loading analytics...',
  failed: "Couldn't load the analytics.",
  noCopies: 'No copies yet',
  noCopiesText: 'Copies your followers place of your shared trades will show here, week by week.',
  noSubscribers: 'No subscribers yet',
  noSubscribersText: 'Active subscribers at the end of each week will show here.',
  noTrades: 'No shared trades yet',
  noTradesText: 'Share a trade from the Trade Manager to see how many followers copied it.',
} as const;

const copies = (count: number) => `${formatWhole(count)} ${count === 1 ? 'copy' : 'copies'}`;

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <div className="empty-state">
      <ChartIcon size={20} className="empty-state__icon" />
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
    </div>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <TitledCard titleId={titleId} title={title} titleAs="h2" description={description}>
      {children}
    </TitledCard>
  );
}

function CopiesPerWeek({ weekly }: { weekly: FollowerResultsWeek[] }) {
  const total = weekly.reduce((sum, week) => sum + week.copiesPlaced, 0);
  if (total === 0) return <Empty title={ANALYTICS_TAB_TEXTS.noCopies} text={ANALYTICS_TAB_TEXTS.noCopiesText} />;
  const last = weekly[weekly.length - 1]!;
  return (
    <WeekChart
      label={`Copies placed per week, ${formatDay(weekly[0]!.weekStart)} to ${formatDay(last.weekStart)}`}
      weeks={weekly.map((week) => week.weekStart)}
      series={[{ name: 'Copies placed', tone: 'primary', values: weekly.map((week) => week.copiesPlaced) }]}
      caption={`${copies(total)} placed in ${weekly.length} weeks; ${copies(last.copiesPlaced)} in the week of ${formatDay(last.weekStart)}.`}
    />
  );
}

function ReturnsPerWeek({ weekly, minCopies }: { weekly: FollowerResultsWeek[]; minCopies: number }) {
  const known = weekly.filter((week) => week.followerReturnMedian !== null || week.traderReturnMedian !== null);
  if (known.length === 0) {
    return (
      <Empty
        title={NOT_ENOUGH_COPIES}
        text={`Weeks with at least ${formatWhole(minCopies)} closed copies show here.`}
      />
    );
  }
  const latest = known[known.length - 1]!;
  return (
    <WeekChart
      label={`Median follower and trader return per week, ${formatDay(weekly[0]!.weekStart)} to ${formatDay(weekly[weekly.length - 1]!.weekStart)}`}
      weeks={weekly.map((week) => week.weekStart)}
      series={[
        { name: 'Followers (median)', tone: 'primary', values: weekly.map((week) => week.followerReturnMedian) },
        { name: 'Trader (median)', tone: 'compare', values: weekly.map((week) => week.traderReturnMedian) },
      ]}
      caption={`Week of ${formatDay(latest.weekStart)}: followers ${formatResultReturn(latest.followerReturnMedian)}, trader ${formatResultReturn(latest.traderReturnMedian)}. ${known.length} of ${weekly.length} weeks had enough closed copies.`}
    />
  );
}

function SubscribersPerWeek({ weeks }: { weeks: OwnerAnalytics['subscribersWeekly'] }) {
  if (weeks.every((week) => week.subscribers === 0)) {
    return <Empty title={ANALYTICS_TAB_TEXTS.noSubscribers} text={ANALYTICS_TAB_TEXTS.noSubscribersText} />;
  }
  const first = weeks[0]!;
  const last = weeks[weeks.length - 1]!;
  return (
    <WeekChart
      label={`Active subscribers per week, ${formatDay(first.weekStart)} to ${formatDay(last.weekStart)}`}
      weeks={weeks.map((week) => week.weekStart)}
      series={[{ name: 'Active subscribers', tone: 'primary', values: weeks.map((week) => week.subscribers) }]}
      caption={`${formatWhole(last.subscribers)} active ${last.subscribers === 1 ? 'subscriber' : 'subscribers'} in the week of ${formatDay(last.weekStart)}, ${formatWhole(first.subscribers)} in the week of ${formatDay(first.weekStart)}.`}
    />
  );
}

function CopiesPerTrade({ trades }: { trades: OwnerAnalytics['copiesPerTrade'] }) {
  if (trades.length === 0)
    return <Empty title={ANALYTICS_TAB_TEXTS.noTrades} text={ANALYTICS_TAB_TEXTS.noTradesText} />;
  const most = Math.max(1, ...trades.map((trade) => trade.copyCount));
  return (
    <ol className="copies-per-trade" aria-label="Copies per shared trade, newest first">
      {trades.map((trade) => (
        <li key={trade.tradeId} className="copies-per-trade__item">
          <span className="copies-per-trade__trade">
            <span className="copies-per-trade__symbol">{trade.symbol}</span>
            <span className="muted small">{formatDay(trade.sharedAt)}</span>
          </span>
          <span className="copies-per-trade__track" aria-hidden="true">
            <span className="copies-per-trade__bar" style={{ width: `${(trade.copyCount / most) * 100}%` }} />
          </span>
          <span className="copies-per-trade__count num">{copies(trade.copyCount)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Every week's figures as a table: the charts' values, readable and exact. */
function WeeklyTable({ analytics }: { analytics: OwnerAnalytics }) {
  const subscribers = new Map(analytics.subscribersWeekly.map((week) => [week.weekStart, week.subscribers]));
  const weeks = analytics.weekly.length > 0 ? analytics.weekly : null;
  if (!weeks) return null;
  return (
    <details className="owner-analytics__weeks">
      <summary>Weekly figures</summary>
      <DataTable
        aria-label="Weekly figures"
        rows={[...weeks].reverse()}
        rowKey={(week) => week.weekStart}
        columns={[
          { header: 'Week of', cell: (week) => formatDay(week.weekStart) },
          { header: 'Copies placed', numeric: true, cell: (week) => formatWhole(week.copiesPlaced) },
          { header: 'Not placed', numeric: true, cell: (week) => formatWhole(week.copiesNotPlaced) },
          {
            header: 'Followers (median)',
            numeric: true,
            cell: (week) => formatResultReturn(week.followerReturnMedian),
          },
          { header: 'Trader (median)', numeric: true, cell: (week) => formatResultReturn(week.traderReturnMedian) },
          { header: 'Slippage (median)', numeric: true, cell: (week) => formatSlippage(week.slippageMedian) },
          {
            header: 'Subscribers',
            numeric: true,
            cell: (week) => {
              const count = subscribers.get(week.weekStart);
              return count === undefined ? '—' : formatWhole(count);
            },
          },
        ]}
      />
    </details>
  );
}

/**
 * Analytics (docs/product.md#owner-dashboard): what the trace's followers got (every time frame), copies and returns
 * week by week, subscribers week by week and the copies of the latest shared trades. Loaded on its own (React.lazy in
 * trace-dashboard.tsx) when the tab opens.
 */
export default function AnalyticsTab({ traceId }: { traceId: string }) {
  const query = useOwnerAnalytics(traceId);
  if (query.isPending) return <LoadingRows label={ANALYTICS_TAB_TEXTS.loading} count={6} />;
  if (query.isError && !query.data) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {ANALYTICS_TAB_TEXTS.failed}
      </LoadError>
    );
  }
  const analytics = query.data;
  return (
    <div className="owner-analytics">
      <Card title="Follower results" description="What your followers got from copying your shared trades.">
        <div className="follower-results">
          <FollowerResultsPanel
            windows={analytics.windows}
            computedAt={analytics.computedAt}
            minCopies={analytics.minCopies}
          />
          <FollowerResultsHelp minCopies={analytics.minCopies} />
        </div>
      </Card>
      <div className="owner-analytics__charts">
        <Card title="Copies per week">
          <CopiesPerWeek weekly={analytics.weekly} />
        </Card>
        <Card title="Returns per week" description="Median follower return beside your own on the same trades.">
          <ReturnsPerWeek weekly={analytics.weekly} minCopies={analytics.minCopies} />
        </Card>
        <Card title="Subscribers per week">
          <SubscribersPerWeek weeks={analytics.subscribersWeekly} />
        </Card>
        <Card title="Copies per shared trade" description="Your latest shared trades, newest first.">
          <CopiesPerTrade trades={analytics.copiesPerTrade} />
        </Card>
      </div>
      <WeeklyTable analytics={analytics} />
    </div>
  );
}
