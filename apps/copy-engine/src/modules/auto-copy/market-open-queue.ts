import { Injectable, Logger } from '@nestjs/common';
import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { failCopies, type CopyRecord } from '../copies/copy-instances.store';
import { announceSkips } from '../copy-limits/copy-skips';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import { LiveQuotes } from '../copy-limits/live-quotes';
import { decide } from './auto-copy-fanout.handler';
import { followersCopying } from './auto-copy.store';
import {
  lockCopiesDueAtOpen,
  queueCopiesForOpen,
  releaseSizedAtOpen,
  type SizedAtOpen,
} from './market-open-queue.store';
import { NextMarketOpen } from './next-market-open';

type Failure = Parameters<typeof failCopies>[1][number];

/**
 * The market-closed policy 'next_open' of automatic copies (docs/product.md, "Copy guards"). A copy the brokerage
 * refuses because the market is closed, of a follower who chose to wait for the open, is queued instead of failed:
 * it stays PENDING with the time of the next open, and the placement workers leave it alone until then. When the
 * open comes it is sized again at a fresh live quote — the fan-out's own decision (copy limits, price protection
 * against the trader's price, the follower's guards as they stand then) — and released to the workers, or skipped or
 * not placed with the reason. A copy whose trader closed the trade meanwhile was cancelled by the TradeClosed
 * consumer (FAILED) and is never taken: the queue is row state, not a timer.
 */
@Injectable()
export class MarketOpenQueue {
  private readonly logger = new Logger(MarketOpenQueue.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly quotes: LiveQuotes,
    private readonly outbox: OutboxWriter,
    private readonly nextOpen: NextMarketOpen,
    private readonly config: CopyEngineConfig,
  ) {}

  /**
   * Of a batch's refusals (in the batch's transaction), those for a closed market of followers whose policy is
   * 'next_open' are queued for the next open; answers the refusals left to record as not placed.
   */
  async queueClosedMarketRefusals<F extends Failure>(
    manager: EntityManager,
    failures: F[],
    copies: Map<string, CopyRecord>,
    correlationId: string,
  ): Promise<F[]> {
    const closed = failures.filter((failure) => failure.code === CopyTradeErrorCode.MARKET_CLOSED);
    if (closed.length === 0) return failures;
    const guards = await guardsOfCopies(
      manager,
      closed.map((failure) => copies.get(failure.id)!),
    );
    const waiting = closed.filter((failure) => guards.get(failure.id)!.follower.marketClosedPolicy === 'next_open');
    if (waiting.length === 0) return failures;
    const until = await this.nextOpen.after(new Date(), this.config.AUTO_COPY_RETRY_MS, correlationId);
    const queued = new Set(
      await queueCopiesForOpen(
        manager,
        waiting.map((failure) => ({ id: failure.id, until })),
      ),
    );
    this.logger.log(
      { queued: queued.size, until },
      'Automatic copies refused for a closed market, queued for the open',
    );
    return failures.filter((failure) => !queued.has(failure.id));
  }

  /**
   * Sizes the queued copies whose open has come (a batch, row-locked, SKIP LOCKED between workers) and releases them
   * to the workers in one transaction, committed before any is sent: a crash after that sends the size recorded here,
   * under the request id given at queueing, never a second size under it. A brokerage that gives no quote leaves them
   * queued for the next round. Answers how many it took.
   */
  async sizeDue(): Promise<number> {
    try {
      return await this.dataSource.transaction((manager) => this.sizeDueIn(manager));
    } catch (error) {
      this.logger.warn({ err: error }, 'Sizing automatic copies at the open failed; they stay queued');
      return 0;
    }
  }

  private async sizeDueIn(manager: EntityManager): Promise<number> {
    const due = await lockCopiesDueAtOpen(manager, this.config.AUTO_COPY_BATCH_SIZE);
    if (due.length === 0) return 0;
    const correlationId = `auto-copy-open:${due[0]!.id}`;
    const guards = await guardsOfCopies(manager, due);
    const followers = new Map(
      (await followersCopying(manager, [...new Set(due.map((copy) => copy.userId))])).map((f) => [f.userId, f]),
    );
    const sized: SizedAtOpen[] = [];
    const failures: Failure[] = [];
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
    const failed = new Set(await failCopies(manager, failures));
    const byId = new Map(due.map((copy) => [copy.id, copy]));
    await announceSkips(
      manager,
      this.outbox,
      failures
        .filter((failure) => failed.has(failure.id))
        .map((failure) => ({ ...byId.get(failure.id)!, code: failure.code, reason: failure.reason })),
      { correlationId },
    );
    this.logger.log({ sized: sized.length, notPlaced: failed.size }, 'Queued automatic copies sized at the open');
    return due.length;
  }
}

/** The copies grouped by the trade they copy (one instrument: one quote each). */
function byTrade(copies: CopyRecord[]): CopyRecord[][] {
  const groups = new Map<string, CopyRecord[]>();
  for (const copy of copies) groups.set(copy.originalTradeId, [...(groups.get(copy.originalTradeId) ?? []), copy]);
  return [...groups.values()];
}
