import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BrokerageErrorCode, CopyCloseAbandoned, copyAggregateId } from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter, WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { heldQuantityOf } from '../copies/copy-instance.mapper';
import { findCopyById, type CopyRecord } from '../copies/copy-instances.store';
import { CopySellPlacement } from '../copies/copy-sell-placement';
import { findCopySell, insertCopySell, type CopySellRecord } from '../copies/copy-sells.store';
import { closeRequestId } from '../copies/copy-closed-by';
import {
  claimAutoCopyCloses,
  deferAutoCopyClose,
  finishAutoCopyClose,
  giveUpAutoCopyClose,
  retryAutoCopyClose,
} from './auto-copy-closes.store';
import type { AutoCopyClose } from '../copies/copy-closes.columns';
import { NextMarketOpen } from '../copies/next-market-open';

/** Closes handled per round (their sells go to the brokerage concurrently). */
const CLOSE_BATCH = 50;

/** The sell's request id of a trader's sell: the TradeClosed event and the copy (closeRequestId). */
export const autoCloseRequestId = (eventId: string, copyId: string) =>
  closeRequestId({ eventId, copyId, reason: 'trader_sell' });

/** The longest wait between two attempts of a close refused for another reason than a closed market. */
const MAX_RETRY_WAIT_MS = 10 * 60_000;

/**
 * Sells the copies recorded to be closed (auto_copy_closes: the automatic copies whose trader sold, those of a trace
 * whose copy stop-loss fired, the automatic ones of a kill switch) through the follower's own sell path: the sell of
 * what the copy still holds recorded PENDING under (decision, copy, attempt) — once — then CopySellPlacement (market
 * sell under that request id; filled → the copy CLOSED with CopyClosed; accepted or unknown → the close waits for
 * that sell's own outcome, settled by its events or the sell sweeper). Only a definite refusal — the sell FAILED, so
 * nothing was sold — starts a new attempt under a new request id: at the next open when the market was closed, else
 * after a growing wait; after COPY_CLOSE_MAX_ATTEMPTS the close gives up (CopyCloseAbandoned) and the copy stays open,
 * flagged. A copy still pending waits for its fill (which starts the sell: startClosesAtFill); one failed, closed or
 * already sold has nothing to sell. Claimed with a lease, so a crash leaves it to be taken again, and the sell's
 * request id makes that repeat answer the first order.
 */
@Injectable()
export class AutoCopyCloser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AutoCopyCloser.name);
  private readonly loop: WorkLoop<number>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopySellPlacement,
    private readonly nextOpen: NextMarketOpen,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
    private readonly config: CopyEngineConfig,
  ) {
    // Batch after batch until none is claimable.
    this.loop = new WorkLoop({
      pass: () => this.closeBatch(),
      more: (closed) => closed > 0,
      intervalMs: config.AUTO_COPY_POLL_MS,
      failed: (error) =>
        this.logger.warn({ err: error }, 'Closing automatic copies failed; they are taken again later'),
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

  /** Handles closes until none is claimable (tests). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  async closeBatch(): Promise<number> {
    const closes = await claimAutoCopyCloses(this.dataSource.manager, CLOSE_BATCH, this.config.AUTO_COPY_LEASE_MS);
    await Promise.all(closes.map((close) => this.close(close)));
    return closes.length;
  }

  private async close(close: AutoCopyClose): Promise<void> {
    const manager = this.dataSource.manager;
    const waitMs = this.config.COPY_CLOSE_RETRY_MS;
    try {
      const copy = (await findCopyById(manager, close.copyId))!;
      // Its fill makes the close due again (startClosesAtFill); a copy never filled is finished on a later look.
      if (copy.status === 'PENDING') return await deferAutoCopyClose(manager, close, waitMs);
      const requestId = closeRequestId(close);
      const sell = (await findCopySell(manager, copy.userId, requestId)) ?? (await this.record(copy, requestId));
      if (!sell) return await finishAutoCopyClose(manager, close, `nothing to sell (copy ${copy.status})`);
      if (sell.status === 'FILLED') return await finishAutoCopyClose(manager, close, 'sell FILLED');
      if (sell.status === 'FAILED') return await this.refused(close, sell.failureReason ?? 'refused', false);
      // Accepted by the brokerage already: its events or the sell sweeper settle it.
      if (sell.brokerageOrderId) return await deferAutoCopyClose(manager, close, waitMs);
      // The copy engine's own work: it acts as itself, never as the follower.
      const outcome = await this.placement.place(sell, copy, { requestId });
      if (outcome.status === 'filled') return await finishAutoCopyClose(manager, close, 'sell filled');
      // Accepted, or its outcome unknown: never a new attempt until that sell has FAILED.
      await deferAutoCopyClose(manager, close, waitMs);
    } catch (error) {
      if (error instanceof DomainException && error.status < 500 && error.code !== BrokerageErrorCode.ORDER_IN_FLIGHT)
        return this.refused(close, error.message, error.code === BrokerageErrorCode.MARKET_CLOSED);
      this.logger.warn({ err: error, copyId: close.copyId }, 'An automatic close did not get an answer; retrying');
      await deferAutoCopyClose(manager, close, this.config.AUTO_COPY_RETRY_MS).catch(() => undefined);
    }
  }

  /**
   * The close's sell was refused (FAILED: nothing sold): the next attempt at the next open when the market was
   * closed, else after COPY_CLOSE_RETRY_MS doubling with each attempt; or, past the last attempt, it gives up.
   */
  private async refused(close: AutoCopyClose, refusal: string, marketClosed: boolean): Promise<void> {
    const manager = this.dataSource.manager;
    if (close.attempt >= this.config.COPY_CLOSE_MAX_ATTEMPTS) return this.giveUp(close, refusal);
    const now = new Date();
    const at = marketClosed
      ? await this.nextOpen.after(now, this.config.AUTO_COPY_RETRY_MS, `close-retry:${close.eventId}:${close.copyId}`)
      : new Date(
          now.getTime() + Math.min(MAX_RETRY_WAIT_MS, this.config.COPY_CLOSE_RETRY_MS * 2 ** (close.attempt - 1)),
        );
    await retryAutoCopyClose(manager, close, at, refusal);
  }

  /** The close given up, with CopyCloseAbandoned in the same transaction (once, whatever the workers). */
  private async giveUp(close: AutoCopyClose, refusal: string): Promise<void> {
    const gaveUp = await this.dataSource.transaction(async (manager) => {
      if (!(await giveUpAutoCopyClose(manager, close, refusal))) return false;
      await this.outbox.add(
        manager,
        CopyCloseAbandoned,
        {
          copyId: close.copyId,
          userId: close.userId,
          reason: close.reason,
          attempts: close.attempt,
          refusal,
          occurredAt: new Date().toISOString(),
        },
        { correlationId: close.eventId, aggregateId: copyAggregateId(close.copyId) },
      );
      return true;
    });
    if (!gaveUp) return;
    this.relay.kick();
    this.logger.warn({ ...close, refusal }, 'A close was refused at every attempt; the copy stays open');
  }

  /** The sell of what the copy still holds, recorded under its row lock; null when it holds nothing. */
  private record(copy: CopyRecord, requestId: string): Promise<CopySellRecord | null> {
    return this.dataSource.transaction(async (manager) => {
      await findCopyById(manager, copy.id, true);
      const current = (await findCopyById(manager, copy.id))!;
      const held = heldQuantityOf(current);
      if (!held.greaterThan(0) || current.brokerageAccountId === null) return null;
      const inserted = await insertCopySell(manager, {
        userId: current.userId,
        requestId,
        copyId: current.id,
        brokerageAccountId: current.brokerageAccountId,
        quantity: held.toFixed(),
      });
      return inserted ?? findCopySell(manager, current.userId, requestId);
    });
  }
}
