const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 4, 2026, 12:00 PM'; a missing or unreadable time shows as an em dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** A person's name from its parts, or null when both are blank. */
export const fullName = (first: string | null | undefined, last: string | null | undefined): string | null =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || null;
