// Only the discovery cards show counts this way; a variant of lib/format's formatCount would weigh on every app route.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const thousands = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Subscriber counts: 10,000 or more in K with one decimal (12,345 → 12.3K), below that in full (9,999). */
export function formatSubscribers(count: number): string {
  const value = Number.isFinite(count) ? Math.max(0, count) : 0;
  if (value >= 10_000) return `${thousands.format(Math.round(value / 100) / 10)}K`;
  return grouped.format(value);
}
