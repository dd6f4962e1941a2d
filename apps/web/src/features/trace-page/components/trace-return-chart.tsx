import { Area, AreaChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { MonthlyReturn } from '../utils/trade-returns';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A design token's value (styles/tokens.css), for the SVG attributes recharts writes. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Where zero falls between `max` (top, offset 0) and `min` (bottom, offset 1) of a shape: the gradient stop at
 * which its colour turns from gain to loss.
 */
export function zeroOffset(max: number, min: number): number {
  if (max <= 0) return 0;
  if (min >= 0) return 1;
  return max / (max - min);
}

/**
 * The Analytics tab's charts (recharts, loaded lazily with that tab): the cumulative realized P&L as an area,
 * green when it ends up and red when down, or the monthly realized P&L as a stepped area (a block a month,
 * green above zero and red below). Only the chart parts the dashboard's chart already uses, so the route adds
 * almost nothing to the recharts chunk it shares. The card wraps it as one described image, so it has no
 * keyboard layer of its own.
 */
export default function TraceReturnChart({
  kind,
  months,
}: {
  kind: 'cumulative' | 'monthly';
  months: MonthlyReturn[];
}) {
  const gain = token('--gain', '#22c55e');
  const loss = token('--loss', '#f87171');
  const colors = {
    grid: token('--border', '#232d3d'),
    axis: token('--text-subtle', '#838ea3'),
  };
  const common = {
    responsive: true,
    accessibilityLayer: false,
    data: months,
    style: { width: '100%', height: 240 },
    margin: { top: 8, right: 12, bottom: 0, left: 4 },
  };
  const axes = (
    <>
      <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="label"
        stroke={colors.axis}
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={{ stroke: colors.grid }}
        minTickGap={16}
      />
      <YAxis
        tickFormatter={(value: number) => compactUsd.format(value)}
        tickCount={5}
        stroke={colors.axis}
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={false}
        width={64}
      />
    </>
  );

  if (kind === 'monthly') {
    const values = months.map((month) => month.pnl);
    const high = Math.max(...values);
    const low = Math.min(...values);
    // The fill reaches down (or up) to zero; the outline only spans the values.
    const fillSplit = zeroOffset(Math.max(0, high), Math.min(0, low));
    const strokeSplit = zeroOffset(high, low);
    return (
      <AreaChart {...common}>
        <defs>
          <linearGradient id="trace-monthly-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset={fillSplit} stopColor={gain} stopOpacity={0.45} />
            <stop offset={fillSplit} stopColor={loss} stopOpacity={0.45} />
          </linearGradient>
          <linearGradient id="trace-monthly-stroke" x1="0" y1="0" x2="0" y2="1">
            <stop offset={strokeSplit} stopColor={gain} />
            <stop offset={strokeSplit} stopColor={loss} />
          </linearGradient>
        </defs>
        {axes}
        <Area
          type="step"
          dataKey="pnl"
          name="Monthly P&L"
          baseValue={0}
          stroke="url(#trace-monthly-stroke)"
          strokeWidth={2}
          fill="url(#trace-monthly-fill)"
          dot={false}
          isAnimationActive={false}
        />
      </AreaChart>
    );
  }

  const line = (months[months.length - 1]?.cumulative ?? 0) < 0 ? loss : gain;
  return (
    <AreaChart {...common}>
      <defs>
        <linearGradient id="trace-cumulative-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={line} stopOpacity={0.3} />
          <stop offset="100%" stopColor={line} stopOpacity={0} />
        </linearGradient>
      </defs>
      {axes}
      <Area
        type="monotone"
        dataKey="cumulative"
        name="Cumulative P&L"
        stroke={line}
        strokeWidth={2}
        fill="url(#trace-cumulative-fill)"
        baseValue={0}
        dot={months.length < 3}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}
