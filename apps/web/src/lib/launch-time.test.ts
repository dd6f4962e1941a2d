import { describe, expect, it } from 'vitest';
import { formatLaunchDate, formatLaunchTime, nextBetaLaunch, splitCountdown } from './launch-time';

describe('next beta launch (Monday 9:00 AM America/New_York)', () => {
  it('is-the-coming-monday-in-winter', () => {
    // Thursday 20 Nov 2025, EST (UTC-5)
    const launch = nextBetaLaunch(new Date('2025-11-20T12:00:00Z'));
    expect(launch.toISOString()).toBe('2025-11-24T14:00:00.000Z');
    expect(formatLaunchDate(launch)).toBe('Monday, November 24, 2025');
    expect(formatLaunchTime(launch)).toBe('9:00 AM EST');
  });

  it('is-the-coming-monday-in-summer', () => {
    // Thursday 10 Jul 2025, EDT (UTC-4)
    const launch = nextBetaLaunch(new Date('2025-07-10T12:00:00Z'));
    expect(launch.toISOString()).toBe('2025-07-14T13:00:00.000Z');
    expect(formatLaunchTime(launch)).toBe('9:00 AM EDT');
  });

  it('is-today-on-a-monday-before-nine', () => {
    expect(nextBetaLaunch(new Date('2025-11-24T13:59:59Z')).toISOString()).toBe('2025-11-24T14:00:00.000Z');
  });

  it('is-next-week-from-nine-on-a-monday', () => {
    expect(nextBetaLaunch(new Date('2025-11-24T14:00:00Z')).toISOString()).toBe('2025-12-01T14:00:00.000Z');
  });

  it('uses-new-york-dates-not-utc-dates', () => {
    // Monday 01:00 UTC is still Sunday 20:00 in New York: the launch is that same Monday at 9.
    expect(nextBetaLaunch(new Date('2025-11-24T01:00:00Z')).toISOString()).toBe('2025-11-24T14:00:00.000Z');
  });

  it('accounts-for-the-switch-to-daylight-saving-time', () => {
    // Saturday 8 Mar 2025 is EST; DST starts Sunday 9 Mar; Monday 10 Mar 9:00 is EDT.
    expect(nextBetaLaunch(new Date('2025-03-08T12:00:00Z')).toISOString()).toBe('2025-03-10T13:00:00.000Z');
  });

  it('accounts-for-the-end-of-daylight-saving-time', () => {
    // Saturday 1 Nov 2025 is EDT; DST ends Sunday 2 Nov; Monday 3 Nov 9:00 is EST.
    expect(nextBetaLaunch(new Date('2025-11-01T12:00:00Z')).toISOString()).toBe('2025-11-03T14:00:00.000Z');
  });
});

describe('countdown parts', () => {
  it('splits-milliseconds-into-days-hours-minutes-seconds', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitCountdown(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('never-goes-negative', () => {
    expect(splitCountdown(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
