import { useEffect, useState } from 'react';
import { nextBetaLaunch, splitCountdown, type CountdownParts } from '@/lib/launch-time';

/** The next launch (Monday 9:00 AM New York) and the time left until it, updated every second. */
export function useLaunchCountdown(): { launch: Date; remaining: CountdownParts } {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const launch = nextBetaLaunch(now);
  return { launch, remaining: splitCountdown(launch.getTime() - now.getTime()) };
}
