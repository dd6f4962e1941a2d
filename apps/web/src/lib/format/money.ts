/**
 * Money as the product shows it (docs/product.md#validation-rules): US dollars, en-US grouping.
 * Amounts arrive as JSON numbers already rounded at the edge; this only formats them.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `$125,000.00`; `{ whole: true }` gives `$24,587`. A missing amount shows as an em dash. */
export function formatUsd(amount: number | null | undefined, { whole = false }: { whole?: boolean } = {}): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  // Avoid "-$0.00" for values that round to zero.
  const value = Math.abs(amount) < 0.005 ? 0 : amount;
  return (whole ? usdWhole : usd).format(value);
}

/** `+$1,234.50` / `-$20.00` / `$0.00`: a change in value, always signed when not zero; missing → `$0.00`. */
export function formatSignedUsd(amount: number | null | undefined): string {
  // Number.isFinite is false for null and undefined: past it the amount is a number.
  if (!Number.isFinite(amount) || Math.abs(amount as number) < 0.005) return formatUsd(0);
  return `${(amount as number) > 0 ? '+' : '-'}${formatUsd(Math.abs(amount as number))}`;
}

/** `+1.25%` / `-0.40%` / `0.00%`. */
export function formatSignedPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  const percent = ratio * 100;
  if (Math.abs(percent) < 0.005) return '0.00%';
  return `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
}
