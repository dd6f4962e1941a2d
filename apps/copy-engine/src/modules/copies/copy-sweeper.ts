import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { claimDueCopies, findCopyById } from './copy-instances.store';
import { CopyPlacement } from './copy-placement';
import { PendingSweeper } from './pending-sweeper';

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
export class CopySweeper extends PendingSweeper {
  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopyPlacement,
    config: CopyEngineConfig,
  ) {
    super(new Logger(CopySweeper.name), 'Copy', config.COPY_SWEEP_INTERVAL_MS, SWEEP_BATCH);
  }

  protected claim(limit: number): Promise<string[]> {
    return claimDueCopies(this.dataSource.manager, limit, this.placement.leaseMs);
  }

  protected async resume(id: string): Promise<void> {
    const copy = await findCopyById(this.dataSource.manager, id);
    if (copy) await this.placement.place(copy, `copy-sweep:${id}`);
  }
}
