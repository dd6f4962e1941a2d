/**
 * Auto-sync (docs/product.md#trade-manager): a check on load and every 5 minutes; it syncs only when the last sync is
 * at least 15 minutes old during market hours (9:30 to 16:00 Eastern, Monday to Friday) or 60 minutes old outside them.
 */
export const AUTO_SYNC_CHECK_MS = 5 * 60 * 1000;
export const MARKET_HOURS_MIN_GAP_MS = 15 * 60 * 1000;
export const OFF_HOURS_MIN_GAP_MS = 60 * 60 * 1000;

const eastern = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The weekday and minutes after midnight in New York at `date`. */
function easternClock(date: Date): { weekday: string; minutes: number } {
  const parts = Object.fromEntries(eastern.formatToParts(date).map((part) => [part.type, part.value]));
  return { weekday: parts.weekday ?? '', minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** 9:30 to 16:00 America/New_York, Monday to Friday (holidays are not known here). */
export function isMarketHours(date: Date): boolean {
  const { weekday, minutes } = easternClock(date);
  if (weekday === 'Sat' || weekday === 'Sun') return false;
  return minutes >= 9 * 60 + 30 && minutes < 16 * 60;
}

/** Whether an auto-sync check at `now` should sync, given the last sync's time (null: never synced here). */
export function shouldAutoSync(lastSyncAt: number | null, now: Date): boolean {
  if (lastSyncAt === null) return true;
  const gap = isMarketHours(now) ? MARKET_HOURS_MIN_GAP_MS : OFF_HOURS_MIN_GAP_MS;
  return now.getTime() - lastSyncAt >= gap;
}
