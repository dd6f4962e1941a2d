import { Injectable, Logger } from '@nestjs/common';
import { CopyTradeErrorCode } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import type { CopyRecord, failCopies } from './copy-instances.store';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import { queueCopiesForOpen } from './market-open-queue.store';
import { NextMarketOpen } from './next-market-open';

type Failure = Parameters<typeof failCopies>[1][number];

/**
 * The market-closed policy 'next_open' of automatic copies (docs/product.md, "Copy guards"), at the placement: a copy
 * the brokerage refuses because the market is closed, of a follower who chose to wait for the open, is queued instead
 * of failed — it stays PENDING with the time of the next open, and the placement workers leave it alone until the
 * MarketOpenSizer sizes it again then.
 */
@Injectable()
export class MarketOpenQueue {
  private readonly logger = new Logger(MarketOpenQueue.name);

  constructor(
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
}
