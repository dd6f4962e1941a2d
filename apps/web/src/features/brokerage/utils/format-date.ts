const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** `Jan 5, 2026`; the raw value when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
