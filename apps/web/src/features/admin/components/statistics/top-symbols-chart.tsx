import type { InvestorStatsView } from '@copytrade/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

/** A design token's value (styles/tokens.css), for the SVG attributes recharts writes. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Copies per top symbol as horizontal bars (recharts): the ranking reads at a glance where the table's figures do
 * not. Loaded lazily with the Statistics tab's data; the tab wraps it as one image whose table says it in words.
 */
export default function TopSymbolsChart({ symbols }: { symbols: InvestorStatsView['topSymbols'] }) {
  const colors = {
    bar: token('--brand', '#3b82f6'),
    grid: token('--border', '#232d3d'),
    axis: token('--text-subtle', '#838ea3'),
    tooltipBg: token('--surface-2', '#161d29'),
    tooltipBorder: token('--border-strong', '#2f3b4f'),
    text: token('--text', '#e6e9ef'),
  };
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      layout="vertical"
      data={symbols}
      style={{ width: '100%', height: Math.max(120, symbols.length * 34 + 30) }}
      margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
    >
      <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
      <XAxis
        type="number"
        allowDecimals={false}
        stroke={colors.axis}
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={{ stroke: colors.grid }}
      />
      <YAxis
        type="category"
        dataKey="symbol"
        width={64}
        stroke={colors.axis}
        tick={{ fontSize: 12 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        cursor={{ fill: colors.grid }}
        contentStyle={{
          background: colors.tooltipBg,
          border: `1px solid ${colors.tooltipBorder}`,
          borderRadius: 6,
          fontSize: 12,
        }}
        itemStyle={{ color: colors.text }}
        formatter={(value) => [String(value), 'Copies']}
      />
      <Bar dataKey="copiesCount" name="Copies" fill={colors.bar} radius={[0, 4, 4, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
