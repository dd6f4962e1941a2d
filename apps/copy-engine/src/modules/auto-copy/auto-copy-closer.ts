import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BrokerageErrorCode } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
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
  type AutoCopyClose,
} from './auto-copy-closes.store';

/** Closes handled per round (their sells go to the brokerage concurrently). */
const CLOSE_BATCH = 50;

/** The sell's request id of a trader's sell: the TradeClosed event and the copy (closeRequestId). */
export const autoCloseRequestId = (eventId: string, copyId: string) =>
  closeRequestId({ eventId, copyId, reason: 'trader_sell' });

/**
 * Sells the copies recorded to be closed (auto_copy_closes: the automatic copies whose trader sold, those of a trace
 * whose copy stop-loss fired, the automatic ones of a kill switch) through the follower's own sell path: the sell of
 * what the copy still holds recorded PENDING under (decision, copy) — once — then CopySellPlacement (market sell under
 * that request id; filled → the copy CLOSED with CopyClosed; accepted → its events settle it; refused → the sell
 * FAILED with the reason and the copy stays open for the follower to sell). A copy still pending waits for its fill;
 * one failed, closed or already sold has nothing to sell. Claimed with a lease, so a crash leaves it to be taken
 * again, and the sell's request id makes that repeat answer the first order.
 */
@Injectable()
export class AutoCopyCloser implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AutoCopyCloser.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly placement: CopySellPlacement,
    private readonly config: CopyEngineConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.AUTO_COPY_POLL_MS > 0) {
      this.timer = setInterval(() => this.kick(), this.config.AUTO_COPY_POLL_MS);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }

  kick(): void {
    if (this.stopping) return;
    this.again = true;
    this.running ??= this.work().finally(() => (this.running = null));
  }

  /** Handles closes until none is claimable (tests). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private async work(): Promise<void> {
    while (this.again && !this.stopping) {
      this.again = false;
      try {
        if ((await this.closeBatch()) > 0) this.again = true;
      } catch (error) {
        this.logger.warn({ err: error }, 'Closing automatic copies failed; they are taken again later');
      }
    }
  }

  async closeBatch(): Promise<number> {
    const closes = await claimAutoCopyCloses(this.dataSource.manager, CLOSE_BATCH, this.config.AUTO_COPY_LEASE_MS);
    await Promise.all(closes.map((close) => this.close(close)));
    return closes.length;
  }

  private async close(close: AutoCopyClose): Promise<void> {
    const manager = this.dataSource.manager;
    try {
      const copy = (await findCopyById(manager, close.copyId))!;
      if (copy.status === 'PENDING') return await deferAutoCopyClose(manager, close, this.config.AUTO_COPY_RETRY_MS);
      const requestId = closeRequestId(close);
      const sell = (await findCopySell(manager, copy.userId, requestId)) ?? (await this.record(copy, requestId));
      if (!sell) return await finishAutoCopyClose(manager, close, `nothing to sell (copy ${copy.status})`);
      if (sell.status !== 'PENDING') return await finishAutoCopyClose(manager, close, `sell ${sell.status}`);
      // The copy engine's own work: it acts as itself, never as the follower.
      const outcome = await this.placement.place(sell, copy, { requestId });
      await finishAutoCopyClose(manager, close, `sell ${outcome.status}`);
    } catch (error) {
      if (error instanceof DomainException && error.status < 500 && error.code !== BrokerageErrorCode.ORDER_IN_FLIGHT)
        return finishAutoCopyClose(manager, close, `sell refused: ${error.message}`);
      this.logger.warn({ err: error, copyId: close.copyId }, 'An automatic close did not get an answer; retrying');
      await deferAutoCopyClose(manager, close, this.config.AUTO_COPY_RETRY_MS).catch(() => undefined);
    }
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
