import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { findCopyById } from './copy-instances.store';
import { CopySellPlacement } from './copy-sell-placement';
import { claimDueCopySells, findCopySellById } from './copy-sells.store';
import { PendingSweeper } from './pending-sweeper';

/** Sells resumed per sweep (their brokerage calls run concurrently). */
const SWEEP_BATCH = 20;

/**
 * Resumes a copy's sells left PENDING — a crash between recording the sell and recording the brokerage's answer, a
 * brokerage call that was never answered, an order accepted and not filled yet whose events have not settled it —
 * with the sell's own request id (CopySellPlacement), so the brokerage answers the first order, or places it if the
 * first call never reached it, never a second one. A fill settles the sell (and closes the copy when nothing is held
 * any more); only the brokerage's refusal or its final word fails it, never a timer. Claimed like the copies' calls
 * (lease + SKIP LOCKED): replicas share the work without doubling it.
 */
@Injectable()
export class CopySellSweeper extends PendingSweeper {
  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopySellPlacement,
    private readonly config: CopyEngineConfig,
  ) {
    super(new Logger(CopySellSweeper.name), 'Copy sell', config.COPY_SWEEP_INTERVAL_MS, SWEEP_BATCH);
  }

  protected claim(limit: number): Promise<string[]> {
    return claimDueCopySells(this.dataSource.manager, limit, this.config.COPY_BROKERAGE_LEASE_MS);
  }

  protected async resume(id: string): Promise<void> {
    const manager = this.dataSource.manager;
    const sell = await findCopySellById(manager, id);
    const copy = sell && (await findCopyById(manager, sell.copyId));
    if (!sell || sell.status !== 'PENDING' || !copy) return;
    // The copy engine's own work: it acts as itself, never as the follower.
    await this.placement.place(sell, copy, { requestId: `copy-sell-sweep:${id}` });
  }
}
