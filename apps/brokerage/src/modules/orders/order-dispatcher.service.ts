import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { ProviderUsers } from '../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import { ProviderError } from '../provider/provider.error';
import { toDomainException } from '../provider/provider-error.mapper';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { OrderIntentsStore } from './order-intents.store';

/** Candidates looked at per claim, so one account's long queue does not hide the other accounts' orders. */
const CANDIDATES_PER_SLOT = 8;

/**
 * Places the orders batches queued for a rate-limited provider (SnapTrade), at its pace, from any replica:
 * - claim: queued intents are taken with FOR UPDATE SKIP LOCKED and marked SENDING (dispatched_at = now) in a
 *   transaction that commits before the provider is called, so replicas never take the same intent, and at most one
 *   order per account is claimed while another of that account is being sent (the provider's ~1 trade/s/account);
 * - send: through the provider, whose shared limiter spaces the client's requests (see SnaptradeRateLimiter), so
 *   work waits its turn instead of meeting 429s;
 * - outcome: placed → settled (OrderUpdated / OrderFilled); refused → REJECTED with the single path's error;
 *   refused before reaching the provider (our limiter's wait, or a 429) → QUEUED again, never lost; unknown
 *   (timeout, 5xx) → UNKNOWN for the reconciler, never sent again.
 * A replica that dies between claim and answer leaves the intent SENDING: the reconciler's sweep makes it UNKNOWN
 * after the placement window and looks for it at the provider around dispatched_at — it is never re-sent blindly.
 */
@Injectable()
export class OrderDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderDispatcher.name);
  private readonly inFlight = new Set<Promise<void>>();
  private running: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private pausedUntil = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The paper broker fills batches when they arrive: nothing is ever queued for it.
    if (this.provider.name !== 'paper') this.running = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  /** A batch was queued here: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const capacity = this.config.ORDER_DISPATCH_CONCURRENCY - this.inFlight.size;
      let claimed: string[] = [];
      if (capacity > 0 && Date.now() >= this.pausedUntil) {
        try {
          claimed = await this.claim(capacity);
        } catch (error) {
          this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Dispatch claim failed');
        }
      }
      for (const id of claimed) {
        const sending = this.send(id).catch((error: unknown) =>
          this.logger.error(
            { intentId: id, err: error instanceof Error ? error.message : String(error) },
            'Dispatch failed',
          ),
        );
        this.inFlight.add(sending);
        void sending.finally(() => {
          this.inFlight.delete(sending);
          this.wakeUp?.();
        });
      }
      // More may be waiting: claim again at once while there is room; else wait for a send to end, a wake or the poll.
      if (claimed.length > 0 && claimed.length === capacity) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(this.config.ORDER_DISPATCH_POLL_MS, this.pausedUntil - Date.now()));
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims up to `limit` queued intents, at most one per account and none of an account with one being sent. */
  async claim(limit: number): Promise<string[]> {
    return this.dataSource.transaction(async (tx) => {
      const candidates: Array<{ id: string; account_id: string }> = await tx.query(
        `SELECT q.id, q.account_id FROM brokerage.order_intents q
          WHERE q.dispatch_state = 'QUEUED' AND q.provider = $2
            AND NOT EXISTS (SELECT 1 FROM brokerage.order_intents s
                             WHERE s.dispatch_state = 'SENDING' AND s.account_id = q.account_id)
          ORDER BY q.created_at, q.id
          LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit * CANDIDATES_PER_SLOT, this.provider.name],
      );
      const accounts = new Set<string>();
      const picked = candidates.filter((row) => !accounts.has(row.account_id) && accounts.add(row.account_id));
      const ids = picked.slice(0, limit).map((row) => row.id);
      if (ids.length > 0)
        await tx.query(
          `UPDATE brokerage.order_intents SET dispatch_state = 'SENDING', dispatched_at = now(), updated_at = now()
            WHERE id = ANY($1::uuid[])`,
          [ids],
        );
      return ids;
    });
  }

  /** Sends one claimed intent and stores its outcome. */
  async send(intentId: string): Promise<void> {
    const intent = await this.dataSource.getRepository(OrderIntentEntity).findOneByOrFail({ id: intentId });
    if (intent.dispatchState !== 'SENDING' || intent.state !== 'SUBMITTING') return;
    const log = { intentId, idempotencyKey: intent.requestId, accountId: intent.accountId };
    let credentials;
    try {
      credentials = (await this.providerUsers.require(intent.userId)).credentials;
    } catch (error) {
      // Unregistered since the batch (nothing was sent): refused as the single path would refuse it.
      if (!(error instanceof DomainException)) throw error;
      await this.intents.reject(intent.id, error.toPayload());
      return;
    }
    try {
      const placed = await this.provider.placeMarketOrder(credentials, {
        accountId: intent.accountId,
        clientOrderId: intent.clientOrderId,
        order: intent.order as never,
      });
      await this.intents.settle(intent.id, placed);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.outcome === 'unknown') {
        this.logger.error({ ...log, err: String(error) }, 'Queued order outcome unknown; reconciliation will look');
        await this.intents.markUnknown(intent.id);
        return;
      }
      if (error.kind === 'RATE_LIMITED' || error.kind === 'UNAVAILABLE') {
        // Nothing reached the provider: back in the queue, and everyone here waits before claiming more.
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + (error.retryAfterSeconds ?? 1) * 1000);
        await this.requeue(intent.id);
        this.logger.warn({ ...log, kind: error.kind }, 'Queued order refused before reaching the provider; requeued');
        return;
      }
      await this.intents.reject(intent.id, toDomainException(error).toPayload());
      this.logger.warn({ ...log, kind: error.kind }, 'Queued order refused');
    }
  }

  private async requeue(intentId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE brokerage.order_intents SET dispatch_state = 'QUEUED', dispatched_at = NULL, updated_at = now()
        WHERE id = $1 AND dispatch_state = 'SENDING' AND state = 'SUBMITTING'`,
      [intentId],
    );
  }
}
