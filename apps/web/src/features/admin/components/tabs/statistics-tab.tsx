import type { InvestorStatsTimeFrame, InvestorStatsView } from '@copytrade/contracts';
import { useId, useState, type ReactNode } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatSignedPercent, formatUsd } from '@/lib/format/money';
import { useInvestorStats } from '../../api/investor-stats';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminSection } from '../common/admin-section';
import { EmptyState, QueryView } from '../common/query-view';
import { TopSymbolsBars } from '../statistics/top-symbols-bars';
import { formatWholeNumber } from '../traces/trace-labels';

/** The time frames, 30d by default (see docs/product.md#admin-panel). */
const TIME_FRAMES = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'all', label: 'All time' },
] satisfies { value: InvestorStatsTimeFrame; label: string }[];
const DEFAULT_TIME_FRAME: InvestorStatsTimeFrame = '30d';

/**
 * Win rates 1 decimal, other percents signed with 2; the server sends percents (61.25 = 61.25%) (see
 * docs/product.md#validation-rules).
 */
const winRate = (percent: number) => `${(Number.isFinite(percent) ? percent : 0).toFixed(1)}%`;
const signedPercent = (percent: number) => formatSignedPercent(percent / 100);
const days = (value: number) => `${(Number.isFinite(value) ? value : 0).toFixed(1)} days`;

/**
 * The Statistics tab (docs/product.md#admin-panel): the copy engine's investor statistics for 7d, 30d (default), 90d or
 * all time — overview, performance, the top 8 symbols (bars of their copies, and the figures in a table) and growth.
 */
export function StatisticsTab({ userId }: AdminTabProps) {
  const selectId = useId();
  const [timeFrame, setTimeFrame] = useState<InvestorStatsTimeFrame>(DEFAULT_TIME_FRAME);
  const query = useInvestorStats(userId, timeFrame);
  const recent = timeFrame === 'all' ? 'all time' : `last ${timeFrame.replace('d', ' days')}`;

  return (
    <AdminSection
      title="Statistics"
      description="Copy trading across the platform, from the copies themselves."
      actions={
        <div className="admin-filters__field">
          <Label htmlFor={selectId}>Time frame</Label>
          <Select
            id={selectId}
            options={TIME_FRAMES}
            value={timeFrame}
            onValueChange={(value) => setTimeFrame(value as InvestorStatsTimeFrame)}
          />
        </div>
      }
    >
      <QueryView
        query={query}
        loadingLabel="Loading statistics…"
        errorText="Couldn't load the statistics."
        fallback={AdminFallbacks.fetchInvestorStats}
        toastId="admin-statistics-load"
      >
        {({ stats }) => <Statistics stats={stats} recent={recent} />}
      </QueryView>
    </AdminSection>
  );
}

function Statistics({ stats, recent }: { stats: InvestorStatsView; recent: string }) {
  const { overview, performance, topSymbols, growth } = stats;
  return (
    <div className="admin-stats">
      <Block title="Overview">
        <Stat label="Total copy trades" value={formatWholeNumber(overview.totalCopyTrades)} />
        <Stat label={`Recent copy trades (${recent})`} value={formatWholeNumber(overview.recentCopyTrades)} />
        <Stat label="Total volume" value={formatUsd(overview.totalVolume)} />
        <Stat label={`Recent volume (${recent})`} value={formatUsd(overview.recentVolume)} />
        <Stat label="Active users" value={formatWholeNumber(overview.activeUsers)} />
        <Stat label="Unique symbols" value={formatWholeNumber(overview.uniqueSymbols)} />
      </Block>
      <Block title="Performance">
        <Stat label="Total closed trades" value={formatWholeNumber(performance.totalClosedTrades)} />
        <Stat label="Overall win rate" value={winRate(performance.overallWinRate)} />
        <Stat label={`Recent win rate (${recent})`} value={winRate(performance.recentWinRate)} />
        <Stat label="Average return" value={signedPercent(performance.averageReturn)} />
        <Stat label="Average holding time" value={days(performance.averageHoldingDays)} />
      </Block>
      <Block title="Growth">
        <Stat label={`New active users (${recent})`} value={formatWholeNumber(growth.newActiveUsers)} />
      </Block>
      <TopSymbols symbols={topSymbols} />
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="admin-stats__block" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-subtitle">
        {title}
      </h3>
      <dl className="admin-totals">{children}</dl>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-total">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type TopSymbol = InvestorStatsView['topSymbols'][number];

function TopSymbols({ symbols }: { symbols: TopSymbol[] }) {
  const titleId = useId();
  return (
    <section className="admin-stats__block admin-stats__block--wide" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-subtitle">
        Top symbols
      </h3>
      {symbols.length === 0 ? (
        <EmptyState title="No copies in this time frame" text="Symbols appear here once users copy trades." />
      ) : (
        <div className="admin-stats__symbols">
          <TopSymbolsBars symbols={symbols} />
          <DataTable<TopSymbol>
            aria-labelledby={titleId}
            rows={symbols}
            rowKey={(row) => row.symbol}
            columns={[
              { header: 'Symbol', cell: (row) => <span className="admin-strong">{row.symbol}</span> },
              { header: 'Copies', numeric: true, cell: (row) => formatWholeNumber(row.copiesCount) },
              { header: 'Total volume', numeric: true, cell: (row) => formatUsd(row.totalVolume) },
              { header: 'Average return', numeric: true, cell: (row) => signedPercent(row.averageReturn) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
