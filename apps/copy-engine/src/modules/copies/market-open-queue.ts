import { Injectable, Logger } from '@nestjs/common';
import { CopyTradeErrorCode } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import type { CopyFailure, CopyRecord } from './copy-instances.store';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import { queueCopiesForOpen } from './market-open-queue.store';
import { NextMarketOpen } from './next-market-open';

/**
 * The market-closed policy 'next_open' of automatic copies (docs/product.md, "Copy guards"), wherever the brokerage's
 * refusal for a closed market reaches a copy: in a batch's answer (the paper broker refuses at once), in the order's
 * later OrderUpdated (a linked brokerage's order, refused when its scheduler sends it), or in the answer the sweeper
 * gets when it asks again about that order. A copy of a follower who chose to wait for the open is queued instead of
 * failed — it stays PENDING with the time of the next open, and the placement workers leave it alone until the
 * MarketOpenSizer sizes it again then. The follower's policy is read as it stands when the refusal arrives.
 */
@Injectable()
export class MarketOpenQueue {
  private readonly logger = new Logger(MarketOpenQueue.name);

  constructor(
    private readonly nextOpen: NextMarketOpen,
    private readonly config: CopyEngineConfig,
  ) {}

  /**
   * Of these refusals (in the caller's transaction, `copies` as the caller read them), those for a closed market of
   * PENDING automatic copies of followers whose policy is 'next_open' are queued for the next open; answers the
   * refusals left to record as not placed. Each is queued only while the copy still has the request id that was
   * refused, so a second word of the same refusal (a redelivery, the sweeper's answer after the event) queues nothing.
   */
  async queueClosedMarketRefusals<F extends CopyFailure>(
    manager: EntityManager,
    failures: F[],
    copies: Map<string, CopyRecord>,
    correlationId: string,
  ): Promise<F[]> {
    const closed = failures.filter((failure) => {
      const copy = copies.get(failure.id)!;
      return (
        failure.code === CopyTradeErrorCode.MARKET_CLOSED && copy.placement === 'automatic' && copy.status === 'PENDING'
      );
    });
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
        waiting.map((failure) => ({ id: failure.id, refusedRequestId: copies.get(failure.id)!.requestId, until })),
      ),
    );
    this.logger.log(
      { queued: queued.size, until },
      'Automatic copies refused for a closed market, queued for the open',
    );
    return failures.filter((failure) => !queued.has(failure.id));
  }
}
