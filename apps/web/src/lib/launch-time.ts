/**
 * The announced beta launch (docs/product.md#maintenance-screen): Monday at 9:00 AM New York time.
 * "Next launch" is the coming Monday 09:00 America/New_York, or today's if it is Monday before 9.
 */

export const LAUNCH_TIME_ZONE = 'America/New_York';
const LAUNCH_WEEKDAY = 1; // Monday
const LAUNCH_HOUR = 9;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LAUNCH_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

function wallClockInNewYork(date: Date): WallClock {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** New York's offset from UTC at `date`, in ms (negative: -5 h in winter, -4 h in summer). */
function newYorkOffsetMs(date: Date): number {
  const wall = wallClockInNewYork(date);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(date.getTime() / 1000) * 1000;
}

export function nextBetaLaunch(now: Date = new Date()): Date {
  const wall = wallClockInNewYork(now);
  let daysAhead = (LAUNCH_WEEKDAY - wall.weekday + 7) % 7;
  const secondsIntoDay = wall.hour * 3600 + wall.minute * 60 + wall.second;
  if (daysAhead === 0 && secondsIntoDay >= LAUNCH_HOUR * 3600) daysAhead = 7;

  // The launch's wall-clock time read as if it were UTC, then shifted by New York's offset at that moment
  // (checked twice so a daylight-saving change between now and Monday is accounted for).
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day + daysAhead, LAUNCH_HOUR, 0, 0);
  let instant = wallAsUtc - newYorkOffsetMs(new Date(wallAsUtc));
  instant = wallAsUtc - newYorkOffsetMs(new Date(instant));
  return new Date(instant);
}

const dateFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LAUNCH_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const timeFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LAUNCH_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** e.g. "Monday, November 24, 2025" */
export const formatLaunchDate = (launch: Date): string => dateFormatter.format(launch);

/** e.g. "9:00 AM EST" ("EDT" while daylight saving time is in force). */
export const formatLaunchTime = (launch: Date): string => timeFormatter.format(launch);

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitCountdown(milliseconds: number): CountdownParts {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
