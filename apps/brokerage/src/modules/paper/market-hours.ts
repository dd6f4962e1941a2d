import { DateTime } from 'luxon';
import { US_EASTERN as EASTERN, isRegularUsSession, nextUsMarketOpen } from '@copytrade/nest';

/** The regular session's hours live in the shared library: the copy engine reckons the next open by them too. */
export { isRegularUsSession, nextUsMarketOpen };

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
