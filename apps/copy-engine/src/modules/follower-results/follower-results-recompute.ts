import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { TraceFollowerResultsComputed } from '@copytrade/contracts';
import { OutboxWriter, WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { computeFollowerResults } from './follower-results.query';
import { changedTraces, deleteChanges, lockTraceRecompute, saveFollowerResults } from './follower-results.store';

/** The aggregate of a trace's follower results: its latest version is the current figures. */
export const traceResultsAggregateId = (traceId: string) => `trace-results:${traceId}`;

/** Traces recomputed per pass at most, and change-log rows read for them. */
const TRACES_PER_PASS = 200;
const CHANGE_ROWS_PER_PASS = 20_000;

/** Memory for the computation's sorts, in its own transaction only: about 30 MB for a trace with 100,000 copies. */
export const RECOMPUTE_WORK_MEM = '64MB';

/** What one pass of the change log did. */
export interface RecomputePass {
  /** Traces due (changed, not computed in the last FOLLOWER_RESULTS_MIN_INTERVAL_MS). */
  due: number;
  /** Of those, recomputed by this pass (the others were being computed elsewhere at that moment). */
  recomputed: number;
}

/**
 * Keeps follower results current (docs/follower-results.md): every FOLLOWER_RESULTS_POLL_MS a pass reads the change
 * log — one row per statement that changed a trace's copies, shared trades or trader closes, written by triggers in
 * that statement's transaction — and recomputes each trace it names in a transaction of its own: the figures from the
 * trace's copies, stored, TraceFollowerResultsComputed through the outbox when they changed, and exactly the log rows
 * read for it deleted. A trace is recomputed at most once per FOLLOWER_RESULTS_MIN_INTERVAL_MS (its rows wait), and by
 * one replica at a time (an advisory lock: a replica that finds it taken leaves the rows to the next pass).
 */
@Injectable()
export class FollowerResultsRecompute implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FollowerResultsRecompute.name);
  private readonly passes: WorkLoop<RecomputePass>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly config: CopyEngineConfig,
  ) {
    this.passes = new WorkLoop({
      pass: () => this.recomputeChanged(),
      // A full page may leave more waiting; a page of traces computed elsewhere is no reason to spin.
      more: (pass) => pass.due === TRACES_PER_PASS && pass.recomputed > 0,
      intervalMs: config.FOLLOWER_RESULTS_POLL_MS,
      failed: (error) => this.logger.warn({ err: error }, 'A follower-results pass failed; the next one tries again'),
    });
  }

  onApplicationBootstrap(): void {
    this.passes.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass now (tests, benchmarks); a pass already under way is joined. */
  pass(): Promise<RecomputePass> {
    return this.passes.runOnce();
  }

  /** Whether the loop is stopping (a long refresh checks it between traces). */
  get stopping(): boolean {
    return this.passes.stopping;
  }

  /**
   * Recomputes one trace now, in one transaction: figures stored, the event written when they changed (or were never
   * computed), `changeIds` deleted. Answers false, changing nothing, when another transaction is computing the trace.
   */
  async recompute(traceId: string, changeIds: string[] = [], correlationId = `follower-results-${randomUUID()}`) {
    return this.dataSource.transaction(async (manager) => {
      if (!(await lockTraceRecompute(manager, traceId))) return false;
      // A busy trace's copies and their sorts fit in memory (4 MB, the default, spills them to disk).
      await manager.query(`SET LOCAL work_mem = '${RECOMPUTE_WORK_MEM}'`);
      const results = await computeFollowerResults(manager, traceId);
      if (await saveFollowerResults(manager, results))
        await this.outbox.add(manager, TraceFollowerResultsComputed, results, {
          correlationId,
          aggregateId: traceResultsAggregateId(traceId),
        });
      await deleteChanges(manager, changeIds);
      return true;
    });
  }

  private async recomputeChanged(): Promise<RecomputePass> {
    const changed = await changedTraces(this.dataSource.manager, {
      limit: TRACES_PER_PASS,
      rowLimit: CHANGE_ROWS_PER_PASS,
      minIntervalMs: this.config.FOLLOWER_RESULTS_MIN_INTERVAL_MS,
    });
    const correlationId = `follower-results-${randomUUID()}`;
    let recomputed = 0;
    for (const trace of changed) {
      if (this.passes.stopping) break;
      try {
        if (await this.recompute(trace.traceId, trace.changeIds, correlationId)) recomputed += 1;
      } catch (error) {
        // One trace's failure (its rows stay) does not hold the others back.
        this.logger.warn({ err: error, traceId: trace.traceId }, 'Follower results of a trace not recomputed');
      }
    }
    return { due: changed.length, recomputed };
  }
}
