const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The bell's figures, in a module of their own without Intl formatters: the bell loads it on every page.
const STEPS: ReadonlyArray<[limit: number, unit: number, suffix: string]> = [
  [HOUR, MINUTE, 'm'],
  [DAY, HOUR, 'h'],
  [7 * DAY, DAY, 'd'],
  [30 * DAY, 7 * DAY, 'w'],
  [365 * DAY, 30 * DAY, 'mo'],
  [Infinity, 365 * DAY, 'y'],
];

/** How long ago, short: `Just now`, `5m ago`, `3h ago`, `2d ago`, `3w ago`, `4mo ago`, `2y ago`. */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '—';
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return 'Just now';
  const [, unit, suffix] = STEPS.find(([limit]) => elapsed < limit)!;
  return `${Math.floor(elapsed / unit)}${suffix} ago`;
}

/** A count badge: the number up to `max`, then `max+` (`99+`). */
export const formatCountBadge = (count: number, max: number): string => (count > max ? `${max}+` : String(count));
