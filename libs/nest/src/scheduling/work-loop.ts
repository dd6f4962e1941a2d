export interface WorkLoopOptions<T> {
  /** One pass of the work; its result is answered to whoever ran or joined it. */
  pass: () => Promise<T>;
  /** Whether a pass's result means more is waiting, so the loop goes round again at once (default: never). */
  more?: (result: T) => boolean;
  /** A pass every `intervalMs` when none is under way (a slow pass makes the tick a no-op); 0 or less: no timer. */
  intervalMs: number;
  /** A pass the loop ran failed: the loop carries on, the next kick or tick tries again. */
  failed: (error: unknown) => void;
}

/**
 * Background work of a service, one pass at a time: on a timer, at once when kicked (a kick during a pass runs
 * another one right after it), and round again while a pass says more is waiting. A failed pass is reported and
 * the loop carries on. `stop()` ends it and waits for the pass under way, so nothing touches the database once
 * the service has shut down. Replicas are not coordinated here: the work itself claims its rows.
 */
export class WorkLoop<T = void> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<T> | null = null;
  private loop: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: WorkLoopOptions<T>) {}

  /** Whether stop() was called: a long pass may check it between steps. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Whether a pass is under way or about to be. */
  get busy(): boolean {
    return this.loop !== null || this.current !== null;
  }

  /** Starts the timer (none when intervalMs <= 0). */
  start(): void {
    if (this.timer || this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (!this.busy) this.kick();
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Runs a pass now, or again right after the one under way; nothing once stopped. */
  kick(): void {
    if (this.stopped) return;
    this.again = true;
    this.loop ??= this.run().finally(() => (this.loop = null));
  }

  /** One pass now, or the one under way joined; its result or its error (which is not reported). */
  runOnce(): Promise<T> {
    this.current ??= this.options.pass().finally(() => (this.current = null));
    return this.current;
  }

  /** Kicks, then resolves once the loop is idle (tests and benchmarks). */
  async drain(): Promise<void> {
    this.kick();
    while (this.loop) await this.loop;
  }

  /** Stops the timer and the loop, and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.loop;
    await this.current?.catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (this.again && !this.stopped) {
      this.again = false;
      try {
        const result = await this.runOnce();
        if (this.options.more?.(result)) this.again = true;
      } catch (error) {
        this.options.failed(error);
      }
    }
  }
}
