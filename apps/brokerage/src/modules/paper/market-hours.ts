import { DateTime } from 'luxon';

const EASTERN = 'America/New_York';
const OPEN_MINUTE = 9 * 60 + 30;
const CLOSE_MINUTE = 16 * 60;

/**
 * The US regular session in US/Eastern (DST handled by the zone): Monday to Friday, 9:30 to 16:00.
 * Exchange holidays and early closes are ignored on purpose: the paper broker is a simulator.
 */
export function isRegularUsSession(at: Date): boolean {
  const eastern = DateTime.fromJSDate(at, { zone: EASTERN });
  if (eastern.weekday > 5) return false;
  const minute = eastern.hour * 60 + eastern.minute;
  return minute >= OPEN_MINUTE && minute < CLOSE_MINUTE;
}

/** Today's date in US/Eastern (YYYY-MM-DD): options expire by the exchange's calendar, not the server's. */
export function easternDate(at: Date): string {
  return DateTime.fromJSDate(at, { zone: EASTERN }).toISODate()!;
}

/** Calendar days from `at` (US/Eastern) to an expiration date, at least 0. */
export function daysUntil(expirationDate: string, at: Date): number {
  const today = DateTime.fromISO(easternDate(at), { zone: EASTERN });
  const expiry = DateTime.fromISO(expirationDate, { zone: EASTERN });
  return Math.max(0, Math.round(expiry.diff(today, 'days').days));
}
