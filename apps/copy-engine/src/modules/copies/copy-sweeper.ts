import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { claimDueCopies, findCopyById } from './copy-instances.store';
import { CopyPlacement } from './copy-placement';

/** Copies resumed per sweep (their brokerage calls run concurrently). */
const SWEEP_BATCH = 20;

/**
 * Resumes PENDING copies whose brokerage call never happened or never answered (a crash between recording the copy
 * and recording the brokerage's answer, the brokerage unreachable), and asks again about accepted or unknown orders
 * whose events have not settled them: the same request id again, so the brokerage's idempotency answers the first
 * order (or places it, if the first call never reached it), never a second one. Calls are claimed in the database
 * (lease + SKIP LOCKED), so replicas share the work without doubling it. A copy is never failed for taking long.
 */
@Injectable()
export class CopySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CopySweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopyPlacement,
    private readonly config: CopyEngineConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.COPY_SWEEP_INTERVAL_MS;
    if (interval > 0) {
      this.timer = setInterval(() => void this.sweepOnce().catch((error: unknown) => this.failed(error)), interval);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One sweep (not overlapping another): answers how many copies it resumed. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  private async sweep(): Promise<number> {
    const ids = await claimDueCopies(this.dataSource.manager, SWEEP_BATCH, this.placement.leaseMs);
    await Promise.all(
      ids.map(async (id) => {
        const copy = await findCopyById(this.dataSource.manager, id);
        if (copy) await this.placement.place(copy, `copy-sweep:${id}`).catch((error: unknown) => this.failed(error));
      }),
    );
    return ids.length;
  }

  private failed(error: unknown): void {
    this.logger.warn({ err: error }, 'Copy sweep failed; the copies stay pending for the next sweep');
  }
}
