import { formatUsd } from '@/lib/format/money';

/**
 * Formatting (docs/product.md#validation-rules): $0.00 for a missing value, percents signed with 2 decimals, win rate 1
 * decimal.
 */
const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const money = (value: number | null | undefined): string => formatUsd(finite(value) ? value : 0);

/** `+12.34%` (also `+0.00%`), `-3.40%`, from a percent value (12.34 means 12.34 %). */
export function signedPercent(value: number | null | undefined): string {
  if (!finite(value)) return '0.00%';
  const rounded = Math.abs(value) < 0.005 ? 0 : value;
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(2)}%`;
}

export const winRate = (value: number | null | undefined): string => `${(finite(value) ? value : 0).toFixed(1)}%`;

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
export const quantity = (value: number): string => whole.format(finite(value) ? value : 0);

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export function dateTimeOf(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export function dayOf(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
}

export const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
export const tierLabel = (name: string): string => (name.toLowerCase() === 'vip' ? 'VIP' : capitalize(name));
