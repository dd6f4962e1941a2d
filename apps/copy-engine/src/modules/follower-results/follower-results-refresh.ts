import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { FollowerResultsRecompute } from './follower-results-recompute';
import { staleTraces, tracesWithoutResults } from './follower-results.store';

/** Figures older than this are computed again: the time frames and the weekly series end now, not then. */
export const FOLLOWER_RESULTS_MAX_AGE_MS = 24 * 60 * 60_000;
/** Traces refreshed per batch (one after the other, each in its own transaction). */
const REFRESH_BATCH = 100;

/**
 * What no copy's change triggers (docs/follower-results.md): every FOLLOWER_RESULTS_REFRESH_MS, the traces computed
 * more than a day ago are computed again (their windows' edges moved); and once after each start, every trace with
 * copies but no figures yet (copies recorded before follower results existed) gets its first figures. Batches go on
 * while full. Through the same recompute as the change log's (its lock: never two at once for one trace).
 */
@Injectable()
export class FollowerResultsRefresh implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FollowerResultsRefresh.name);
  private readonly batches: WorkLoop<number>;
  /** The backfill's place in trace id order; null once every trace with copies was looked at. */
  private backfillAfter: string | null = null;
  private backfillDone = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly recompute: FollowerResultsRecompute,
    private readonly config: CopyEngineConfig,
  ) {
    this.batches = new WorkLoop({
      pass: () => this.refreshBatch(),
      more: (refreshed) => refreshed >= REFRESH_BATCH,
      intervalMs: config.FOLLOWER_RESULTS_REFRESH_MS,
      failed: (error) =>
        this.logger.warn({ err: error }, 'A follower-results refresh failed; the next one tries again'),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.FOLLOWER_RESULTS_REFRESH_MS <= 0) return;
    this.batches.start();
    this.batches.kick(); // the backfill at once
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batches.stop();
  }

  /** Refreshes until nothing is due (tests, benchmarks). */
  drain(): Promise<void> {
    return this.batches.drain();
  }

  /** One batch: traces without figures first (until none is left), then figures older than a day. */
  async refreshBatch(): Promise<number> {
    const manager = this.dataSource.manager;
    let traceIds: string[] = [];
    if (!this.backfillDone) {
      traceIds = await tracesWithoutResults(manager, this.backfillAfter, REFRESH_BATCH);
      if (traceIds.length < REFRESH_BATCH) this.backfillDone = true;
      else this.backfillAfter = traceIds[traceIds.length - 1]!;
    }
    if (traceIds.length < REFRESH_BATCH)
      traceIds.push(...(await staleTraces(manager, FOLLOWER_RESULTS_MAX_AGE_MS, REFRESH_BATCH - traceIds.length)));
    const correlationId = `follower-results-refresh-${randomUUID()}`;
    for (const traceId of traceIds) {
      if (this.batches.stopping) break;
      await this.recompute.recompute(traceId, [], correlationId);
    }
    if (traceIds.length > 0) this.logger.log({ traces: traceIds.length }, 'Follower results refreshed');
    return traceIds.length;
  }
}
