/**
 * Figures on the discovery cards (docs/product.md#discovery). Percent fields arrive as percent values (23.5 = 23.5 %).
 */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const thousands = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Subscriber counts: 10,000 or more in K with one decimal (12,345 → 12.3K), below that in full (9,999). */
export function formatSubscribers(count: number): string {
  const value = Number.isFinite(count) ? Math.max(0, count) : 0;
  if (value >= 10_000) return `${thousands.format(Math.round(value / 100) / 10)}K`;
  return grouped.format(value);
}

/** Monthly return with its sign and 2 decimals: +23.45%, -4.10%, 0.00%. */
export function formatSignedPercentValue(percent: number): string {
  if (!Number.isFinite(percent)) return '—';
  if (Math.abs(percent) < 0.005) return '0.00%';
  return `${percent > 0 ? '+' : '-'}${Math.abs(percent).toFixed(2)}%`;
}

/** Win rate with 1 decimal: 68.5%. */
export function formatWinRate(percent: number): string {
  return Number.isFinite(percent) ? `${percent.toFixed(1)}%` : '—';
}

/** The colour class of a change: gains green, losses red (the sign is written too). */
export function directionClass(percent: number): 'gain' | 'loss' | 'flat' {
  if (!Number.isFinite(percent) || Math.abs(percent) < 0.005) return 'flat';
  return percent > 0 ? 'gain' : 'loss';
}
