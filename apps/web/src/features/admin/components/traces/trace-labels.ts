import type { RiskLevel } from '@copytrade/contracts';

/** How the risk levels (docs/product.md#validation-rules) read in the admin panel. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Exact counts (an admin wants 10,482, not 10.5K). */
export const formatWholeNumber = (value: number): string => wholeNumber.format(Number.isFinite(value) ? value : 0);

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** 'Mar 4, 2026'; an unreadable date shows as an em dash. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
}
