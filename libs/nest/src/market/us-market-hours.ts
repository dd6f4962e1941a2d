import { DateTime } from 'luxon';

/** The zone of the US exchanges' clock (DST handled by the zone). */
export const US_EASTERN = 'America/New_York';
const OPEN_MINUTE = 9 * 60 + 30;
const CLOSE_MINUTE = 16 * 60;

/**
 * The US regular session in US/Eastern: Monday to Friday, 9:30 to 16:00. Exchange holidays and early closes are
 * ignored on purpose (the paper broker is a simulator; a real broker that refuses on a holiday is simply asked again
 * at the following open).
 */
export function isRegularUsSession(at: Date): boolean {
  const eastern = DateTime.fromJSDate(at, { zone: US_EASTERN });
  if (eastern.weekday > 5) return false;
  const minute = eastern.hour * 60 + eastern.minute;
  return minute >= OPEN_MINUTE && minute < CLOSE_MINUTE;
}

/**
 * The next 9:30 US/Eastern on a weekday strictly after `at` (the session under way at `at` is not "next": a copy
 * refused as the market closed waits for the following one). Holidays are ignored, as in isRegularUsSession.
 */
export function nextUsMarketOpen(at: Date): Date {
  const eastern = DateTime.fromJSDate(at, { zone: US_EASTERN });
  let open = eastern.set({ hour: 9, minute: 30, second: 0, millisecond: 0 });
  if (open <= eastern) open = open.plus({ days: 1 });
  while (open.weekday > 5) open = open.plus({ days: 1 });
  return open.toJSDate();
}

/** The US trading day `at` falls on (its US/Eastern date, YYYY-MM-DD), e.g. what a daily limit counts over. */
export function usTradingDayOf(at: Date): string {
  return DateTime.fromJSDate(at, { zone: US_EASTERN }).toISODate()!;
}

/** When the US trading day `day` (YYYY-MM-DD) began: its midnight US/Eastern. */
export function usTradingDayStart(day: string): Date {
  return DateTime.fromISO(day, { zone: US_EASTERN }).startOf('day').toJSDate();
}

/** The US trading day after `day` (YYYY-MM-DD): when a limit counted over `day` starts afresh. */
export function usTradingDayAfter(day: string): string {
  return DateTime.fromISO(day, { zone: US_EASTERN }).plus({ days: 1 }).toISODate()!;
}
