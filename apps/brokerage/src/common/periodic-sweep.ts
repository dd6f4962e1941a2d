import type { Logger } from '@nestjs/common';

/**
 * Runs a sweep every `intervalMs`, never two at once (a slow sweep makes the next tick a no-op), logging a
 * failure as a warning; `stop()` waits for the sweep in progress, so nothing touches the database after shutdown.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly sweep: () => Promise<void>,
    private readonly logger: Logger,
    private readonly failureMessage: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, this.failureMessage))
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
