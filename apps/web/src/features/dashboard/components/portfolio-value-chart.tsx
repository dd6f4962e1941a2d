import type { PortfolioHistoryPoint } from '@copytrade/contracts';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '@/lib/format/money';

const axisDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const axisTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const tooltipDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * The value axis: padded around the series (a flat or single-point series still gets a readable scale),
 * with labels precise enough that neighbouring ticks differ.
 */
export function valueAxis(values: number[]): { domain: [number, number]; format: (value: number) => string } {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = Math.max((max - min) * 0.1, Math.abs(max) * 0.01, 1);
  const domain: [number, number] = [Math.max(0, min - pad), max + pad];
  const span = domain[1] - domain[0];
  const format =
    span >= 50_000
      ? (value: number) => compactUsd.format(value)
      : span >= 50
        ? (value: number) => wholeUsd.format(value)
        : (value: number) => formatUsd(value);
  return { domain, format };
}

/** A design token's value (styles/tokens.css), for the SVG attributes recharts writes. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

interface ChartPoint {
  time: number;
  value: number;
}

/**
 * The line of the portfolio's total value (recharts), green when the series gained and red when it lost.
 * Loaded lazily with the dashboard's Performance Overview so the chart library stays out of the first bundle.
 * The card wraps it as one image described in words, so it has no keyboard layer of its own.
 */
export default function PortfolioValueChart({
  points,
  trend = 'flat',
}: {
  points: PortfolioHistoryPoint[];
  trend?: 'gain' | 'loss' | 'flat';
}) {
  const colors = {
    line:
      trend === 'gain'
        ? token('--gain', '#22c55e')
        : trend === 'loss'
          ? token('--loss', '#f87171')
          : token('--brand', '#3b82f6'),
    grid: token('--border', '#232d3d'),
    axis: token('--text-subtle', '#838ea3'),
    tooltipBg: token('--surface-2', '#161d29'),
    tooltipBorder: token('--border-strong', '#2f3b4f'),
    muted: token('--text-muted', '#9aa5b8'),
    text: token('--text', '#e6e9ef'),
  };
  const data: ChartPoint[] = points.map((point) => ({
    time: new Date(point.timestamp).getTime(),
    value: point.totalValue,
  }));
  const first = data[0]?.time ?? 0;
  const last = data[data.length - 1]?.time ?? 0;
  // Within a day, ticks show the time; over several days, the date.
  const tickFormat = last - first < 36 * 3_600_000 ? axisTime : axisDate;
  const axis = valueAxis(data.map((point) => point.value));

  return (
    <AreaChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 12, bottom: 0, left: 4 }}
    >
      <defs>
        <linearGradient id="portfolio-value-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={colors.line} stopOpacity={0.3} />
          <stop offset="100%" stopColor={colors.line} stopOpacity={0} />
        </linearGradient>
      </defs>
      <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="time"
        type="number"
        scale="time"
        domain={['dataMin', 'dataMax']}
        tickFormatter={(time: number) => tickFormat.format(new Date(time))}
        stroke={colors.axis}
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={{ stroke: colors.grid }}
        minTickGap={32}
      />
      <YAxis
        dataKey="value"
        domain={axis.domain}
        tickFormatter={axis.format}
        tickCount={5}
        stroke={colors.axis}
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={false}
        width={80}
      />
      <Tooltip
        contentStyle={{
          background: colors.tooltipBg,
          border: `1px solid ${colors.tooltipBorder}`,
          borderRadius: 6,
          fontSize: 12,
        }}
        labelStyle={{ color: colors.muted }}
        itemStyle={{ color: colors.text }}
        labelFormatter={(time) => tooltipDate.format(new Date(Number(time)))}
        formatter={(value) => [formatUsd(Number(value)), 'Portfolio value']}
      />
      <Area
        type="monotone"
        dataKey="value"
        name="Portfolio value"
        stroke={colors.line}
        strokeWidth={2}
        fill="url(#portfolio-value-fill)"
        dot={false}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}
