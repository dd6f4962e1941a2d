import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyReturn } from '../utils/trade-returns';
import { formatSignedMoney } from '../utils/trace-format';

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
 * The Analytics tab's charts (recharts, loaded lazily with that tab): the cumulative realized P&L as an area,
 * green when it ends up and red when down, or the monthly realized P&L as bars, each green or red. The card
 * wraps it as one described image, so it has no keyboard layer of its own.
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
    tooltipBg: token('--surface-2', '#161d29'),
    tooltipBorder: token('--border-strong', '#2f3b4f'),
    muted: token('--text-muted', '#9aa5b8'),
    text: token('--text', '#e6e9ef'),
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
      <ReferenceLine y={0} stroke={colors.tooltipBorder} />
      <Tooltip
        contentStyle={{
          background: colors.tooltipBg,
          border: `1px solid ${colors.tooltipBorder}`,
          borderRadius: 6,
          fontSize: 12,
        }}
        labelStyle={{ color: colors.muted }}
        itemStyle={{ color: colors.text }}
        cursor={{ fill: 'transparent', stroke: colors.grid }}
        formatter={(value) => [formatSignedMoney(Number(value)), kind === 'cumulative' ? 'Cumulative' : 'Month']}
      />
    </>
  );

  if (kind === 'monthly') {
    return (
      <BarChart {...common}>
        {axes}
        <Bar dataKey="pnl" name="Monthly P&L" isAnimationActive={false} radius={[3, 3, 0, 0]}>
          {months.map((month) => (
            <Cell key={month.month} fill={month.pnl < 0 ? loss : gain} />
          ))}
        </Bar>
      </BarChart>
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
        dot={months.length < 3}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}
