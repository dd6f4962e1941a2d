/** How long one outage line stands for every later one of the same key. */
export const OUTAGE_LOG_WINDOW_MS = 30_000;
/** Past this many keys, windows that ended are forgotten (keys are subjects and routes: few, but never trusted). */
const MAX_KEYS = 1_000;

/**
 * An outage (a service down, a database unreachable) fails every request until it ends: it is written once per key
 * and window, the next line carrying how many were left out, instead of one line (and stack) per request.
 */
export class OutageLog {
  private readonly windows = new Map<string, { until: number; suppressed: number }>();

  constructor(
    private readonly write: (key: string, suppressed: number) => void,
    private readonly windowMs = OUTAGE_LOG_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  report(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && now < window.until) {
      window.suppressed += 1;
      return;
    }
    if (!window && this.windows.size >= MAX_KEYS) this.forgetEnded(now);
    this.windows.set(key, { until: now + this.windowMs, suppressed: 0 });
    this.write(key, window?.suppressed ?? 0);
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) if (now >= window.until) this.windows.delete(key);
  }
}
