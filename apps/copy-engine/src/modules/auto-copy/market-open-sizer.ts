import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { DomainException, OutboxWriter, WorkLoop } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { failCopies, type CopyFailure, type CopyRecord } from '../copies/copy-instances.store';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import { LiveQuotes } from '../copy-limits/live-quotes';
import { decide } from './auto-copy-fanout.handler';
import { AutoCopyPlacer } from './auto-copy-placer';
import { followersCopying } from './auto-copy.store';
import { lockCopiesDueAtOpen, releaseSizedAtOpen, type SizedAtOpen } from '../copies/market-open-queue.store';

/**
 * The market-closed policy 'next_open' of automatic copies (docs/product.md, "Copy guards"), at the open: on a poll
 * (AUTO_COPY_POLL_MS), the queued copies whose open has come are sized again at a fresh live quote — the fan-out's
 * own decision (copy limits, price protection against the trader's price, the follower's guards as they stand then)
 * — and released to the placement workers (kicked once that commits), or skipped or not placed with the reason. A
 * copy whose trader closed the trade meanwhile was cancelled by the TradeClosed consumer (FAILED) and is never taken:
 * the queue is row state, not a timer.
 */
@Injectable()
export class MarketOpenSizer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MarketOpenSizer.name);
  private readonly loop: WorkLoop<number>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly quotes: LiveQuotes,
    private readonly outbox: OutboxWriter,
    private readonly config: CopyEngineConfig,
    private readonly placer: AutoCopyPlacer,
  ) {
    // One round at a time: batches until fewer than a full one was due (sizeOnce logs its own failures).
    this.loop = new WorkLoop({
      pass: () => this.sizeOnce(),
      more: (taken) => taken >= config.AUTO_COPY_BATCH_SIZE,
      intervalMs: config.AUTO_COPY_POLL_MS,
      failed: (error) =>
        this.logger.warn({ err: error }, 'Sizing automatic copies at the open failed; they stay queued'),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  kick(): void {
    this.loop.kick();
  }

  /**
   * Sizes the queued copies whose open has come (a batch, row-locked, SKIP LOCKED between replicas) and releases them
   * to the workers in one transaction, committed before any is sent: a crash after that sends the size recorded here,
   * under the request id given at queueing, never a second size under it. A brokerage that gives no quote leaves them
   * queued for the next round. Answers how many it took.
   */
  async sizeOnce(): Promise<number> {
    try {
      const { taken, released } = await this.dataSource.transaction((manager) => this.sizeDueIn(manager));
      if (released > 0) this.placer.kick();
      return taken;
    } catch (error) {
      this.logger.warn({ err: error }, 'Sizing automatic copies at the open failed; they stay queued');
      return 0;
    }
  }

  private async sizeDueIn(manager: EntityManager): Promise<{ taken: number; released: number }> {
    const due = await lockCopiesDueAtOpen(manager, this.config.AUTO_COPY_BATCH_SIZE);
    if (due.length === 0) return { taken: 0, released: 0 };
    const correlationId = `auto-copy-open:${due[0]!.id}`;
    const guards = await guardsOfCopies(manager, due);
    const followers = new Map(
      (await followersCopying(manager, [...new Set(due.map((copy) => copy.userId))])).map((f) => [f.userId, f]),
    );
    const sized: SizedAtOpen[] = [];
    const failures: CopyFailure[] = [];
    for (const copies of byTrade(due)) {
      const quote = await this.quotes.forFollowersOrRefusal(
        copies[0]!,
        copies.map((copy) => copy.userId),
        correlationId,
      );
      const now = new Date();
      for (const copy of copies) {
        const follower = followers.get(copy.userId);
        if (!follower) {
          failures.push({
            id: copy.id,
            code: CopyTradeErrorCode.COPY_TRADING_OFF_BEFORE_OPEN,
            reason: CopyTradeMessages.copyTradingOffBeforeOpen,
          });
          continue;
        }
        const trade = { ...copy, traderSharedAt: copy.traderSharedAt ?? copy.createdAt };
        const decision = decide(follower, copy.requestId, quote, trade, [], guards.get(copy.id), now);
        if (decision.failure || quote instanceof DomainException) failures.push({ id: copy.id, ...decision.failure! });
        else
          sized.push({
            id: copy.id,
            quantity: decision.quantity,
            limitPrice: decision.limitPrice,
            maxCopyAmount: decision.maxCopyAmount,
            sizingPrice: quote.price.toFixed(),
            sizingQuotedAt: quote.quotedAt,
          });
      }
    }
    await releaseSizedAtOpen(manager, sized);
    const failed = await failCopies(manager, this.outbox, failures, { correlationId });
    this.logger.log({ sized: sized.length, notPlaced: failed.length }, 'Queued automatic copies sized at the open');
    return { taken: due.length, released: sized.length };
  }
}

/** The copies grouped by the trade they copy (one instrument: one quote each). */
function byTrade(copies: CopyRecord[]): CopyRecord[][] {
  const groups = new Map<string, CopyRecord[]>();
  for (const copy of copies) groups.set(copy.originalTradeId, [...(groups.get(copy.originalTradeId) ?? []), copy]);
  return [...groups.values()];
}
