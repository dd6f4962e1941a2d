import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OutboxWriter, usTradingDayOf, usTradingDayStart, WorkLoop } from '@copytrade/nest';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { AutoCopyCloser } from '../auto-copy/auto-copy-closer';
import { dailyLossOf, dailyLossSymbols, markStartOfDay, stopForDailyLoss } from './daily-loss.store';
import { StopLossQuotes } from './stop-loss-quotes';
import { breachedPairs, watchedSymbols } from './stop-loss.store';
import { triggerStopLoss } from './stop-loss-trigger';

/** What one pass did. */
export interface StopLossPassResult {
  symbols: number;
  quoted: number;
  breached: number;
  triggered: Array<{ userId: string; traceId: string; lossPercent: string; copyIds: string[] }>;
  /** Copies held from an earlier day this pass gave their start-of-day mark (its first valuation of the day). */
  marked: number;
  /** Followers whose daily loss limit this pass reached (automatic copying stopped for the day). */
  dailyLossStopped: string[];
}

/**
 * The copy stop-loss and the daily loss limit (docs/product.md, "Copy guards"): every COPY_STOP_LOSS_INTERVAL_MS a
 * pass takes the symbols held by the (follower, trace) pairs with a stop-loss and by the open copies of followers with
 * a daily limit, their live quotes (StopLossQuotes, one set for both), then the followers past their daily limit
 * (dailyLossOf; stopForDailyLoss: automatic copying off for the rest of the day, once — and markStartOfDay for copies
 * held from an earlier day quoted for the first time today) and the pairs past their threshold in one statement each, and fires each pair (triggerStopLoss: pause, keyed closes, events — once, whatever the replicas);
 * the closer then sells. Passes of one process never overlap; passes of several replicas may, and are harmless.
 */
@Injectable()
export class StopLossEvaluator implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StopLossEvaluator.name);
  private readonly passes: WorkLoop<StopLossPassResult>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly quotes: StopLossQuotes,
    private readonly closer: AutoCopyCloser,
    private readonly config: CopyEngineConfig,
  ) {
    this.passes = new WorkLoop({
      pass: () => this.evaluate(),
      intervalMs: config.COPY_STOP_LOSS_INTERVAL_MS,
      failed: (error) => this.logger.warn({ err: error }, 'A copy stop-loss pass failed; the next one tries again'),
    });
  }

  onApplicationBootstrap(): void {
    this.passes.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass (the timer's, or a test's); a pass already under way in this process is joined. */
  pass(): Promise<StopLossPassResult> {
    return this.passes.runOnce();
  }

  private async evaluate(): Promise<StopLossPassResult> {
    const correlationId = `copy-stop-loss-${randomUUID()}`;
    const manager = this.dataSource.manager;
    const day = usTradingDayOf(new Date());
    const dayStart = usTradingDayStart(day);
    const [watched, limited] = await Promise.all([watchedSymbols(manager), dailyLossSymbols(manager, day)]);
    // One set of quotes serves both guards.
    const symbols = [...new Set([...watched.symbols, ...limited.symbols])];
    const result: StopLossPassResult = {
      symbols: symbols.length,
      quoted: 0,
      breached: 0,
      triggered: [],
      marked: 0,
      dailyLossStopped: [],
    };
    const userIds = [...new Set([...watched.userIds, ...limited.userIds])].slice(0, 20);
    const prices =
      symbols.length === 0
        ? new Map<string, string>()
        : await this.quotes.pricesOf({ symbols, userIds }, correlationId);
    result.quoted = prices.size;
    // The two guards' reads are independent: read at once. The daily loss is read even without a quote (what was sold
    // today counts at its fills).
    const [daily, breached] = await Promise.all([
      dailyLossOf(manager, prices, day, dayStart),
      prices.size === 0 ? Promise.resolve([]) : breachedPairs(manager, prices),
    ]);
    // A copy held from yesterday counts only what it moves from its first quote of the day (this one) on.
    if (daily.unmarked.length > 0) result.marked = await markStartOfDay(manager, prices, day, dayStart, daily.unmarked);
    for (const breach of daily.breaches) {
      if (this.passes.stopping) break;
      const stopped = await this.dataSource.transaction((tx) =>
        stopForDailyLoss(tx, this.outbox, breach, day, correlationId),
      );
      if (!stopped) continue;
      result.dailyLossStopped.push(breach.userId);
      this.logger.log({ ...breach, day }, 'Daily loss limit reached: automatic copying stopped for the day');
    }
    result.breached = breached.length;
    for (const pair of breached) {
      if (this.passes.stopping) break;
      const copyIds = await triggerStopLoss(this.dataSource, this.outbox, pair, correlationId);
      if (!copyIds) continue;
      result.triggered.push({ ...pair, copyIds });
      this.logger.log({ ...pair, copies: copyIds.length }, 'Copy stop-loss reached: closing the copies of the trace');
    }
    if (result.triggered.length > 0) this.closer.kick();
    return result;
  }
}
