import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OutboxWriter } from '@copytrade/nest';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { AutoCopyCloser } from '../auto-copy/auto-copy-closer';
import { StopLossQuotes } from './stop-loss-quotes';
import { breachedPairs, watchedSymbols } from './stop-loss.store';
import { triggerStopLoss } from './stop-loss-trigger';

/** What one pass did. */
export interface StopLossPassResult {
  symbols: number;
  quoted: number;
  breached: number;
  triggered: Array<{ userId: string; traceId: string; lossPercent: string; copyIds: string[] }>;
}

/**
 * The copy stop-loss (docs/product.md, Copying): every COPY_STOP_LOSS_INTERVAL_MS a pass takes the symbols held
 * by the (follower, trace) pairs with a stop-loss, their live quotes (StopLossQuotes), the pairs past their threshold
 * in one statement, and fires each (triggerStopLoss: pause, keyed closes, events — once, whatever the replicas);
 * the closer then sells. Passes of one process never overlap; passes of several replicas may, and are harmless.
 */
@Injectable()
export class StopLossEvaluator implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StopLossEvaluator.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<StopLossPassResult> | null = null;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly quotes: StopLossQuotes,
    private readonly closer: AutoCopyCloser,
    private readonly config: CopyEngineConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.COPY_STOP_LOSS_INTERVAL_MS > 0) {
      this.timer = setInterval(() => void this.tick(), this.config.COPY_STOP_LOSS_INTERVAL_MS);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopping) return;
    try {
      await this.pass();
    } catch (error) {
      this.logger.warn({ err: error }, 'A copy stop-loss pass failed; the next one tries again');
    }
  }

  /** One pass (the timer's, or a test's); a pass already under way in this process is joined. */
  pass(): Promise<StopLossPassResult> {
    this.running ??= this.evaluate().finally(() => (this.running = null));
    return this.running;
  }

  private async evaluate(): Promise<StopLossPassResult> {
    const correlationId = `copy-stop-loss-${randomUUID()}`;
    const watched = await watchedSymbols(this.dataSource.manager);
    const result: StopLossPassResult = { symbols: watched.symbols.length, quoted: 0, breached: 0, triggered: [] };
    if (watched.symbols.length === 0) return result;
    const prices = await this.quotes.pricesOf(watched, correlationId);
    result.quoted = prices.size;
    if (prices.size === 0) return result;
    const breached = await breachedPairs(this.dataSource.manager, prices);
    result.breached = breached.length;
    for (const pair of breached) {
      if (this.stopping) break;
      const copyIds = await triggerStopLoss(this.dataSource, this.outbox, pair, correlationId);
      if (!copyIds) continue;
      result.triggered.push({ ...pair, copyIds });
      this.logger.log({ ...pair, copies: copyIds.length }, 'Copy stop-loss reached: closing the copies of the trace');
    }
    if (result.triggered.length > 0) this.closer.kick();
    return result;
  }
}
