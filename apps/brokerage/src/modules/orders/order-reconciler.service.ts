import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { unknownOrdersGauge, WorkLoop } from '@copytrade/nest';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { ProviderUsers } from '../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import type { ProviderOrder } from '../provider/provider.types';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { OrderIntentsStore, ORDER_NOT_PLACED_BY_PROVIDER } from './order-intents.store';
import { matchProviderOrder } from './order-matcher';
import { ProviderOrderSearch } from './provider-order-search';

/** Beyond its placement window (rate-limit waits + order call), a SUBMITTING intent has lost its process. */
const STALE_MARGIN_MS = 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 20;

/**
 * Settles intents whose outcome is unknown from the provider's own record, never by placing them again and
 * never by a timer: an intent the provider's record cannot settle stays UNKNOWN (retried with a growing
 * pause, up to 30 minutes) until it is found or an admin resolves it. Each intent is handled under a row lock
 * (SKIP LOCKED), so replicas and a concurrent replay never reconcile the same intent at once.
 */
@Injectable()
export class OrderReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderReconciler.name);
  private readonly sweeps = new WorkLoop({
    pass: () => this.sweep(),
    intervalMs: SWEEP_INTERVAL_MS,
    failed: (error) => this.logger.warn({ err: error }, 'Order reconciliation sweep failed'),
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    private readonly search: ProviderOrderSearch,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Read at scrape from the unsettled intents' partial index: one number, whichever replica answers.
    unknownOrdersGauge(async () => {
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS count FROM brokerage.order_intents WHERE state = 'UNKNOWN'`,
      )) as Array<{ count: number }>;
      return row?.count ?? 0;
    });
    this.sweeps.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Marks lost SUBMITTING intents UNKNOWN, then reconciles the UNKNOWN ones that are due (exponential pause). */
  async sweep(): Promise<void> {
    const lost: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM brokerage.order_intents
        WHERE state = 'SUBMITTING' AND dispatch_state IS DISTINCT FROM 'QUEUED'
          AND updated_at < now() - ($1 || ' milliseconds')::interval`,
      [String(this.config.orderPlacementWindowMs + STALE_MARGIN_MS)],
    );
    // One by one, each with its OrderUpdated event (a placement that settled meanwhile is left as it is).
    for (const { id } of lost) await this.intents.markUnknown(id);
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM brokerage.order_intents
        WHERE state = 'UNKNOWN'
          AND (last_reconciled_at IS NULL
               OR last_reconciled_at < now() - make_interval(secs => least(30 * power(2, least(reconcile_attempts, 6)), 1800)))
        ORDER BY last_reconciled_at NULLS FIRST LIMIT $1`,
      [SWEEP_BATCH],
    );
    for (const { id } of due) await this.reconcile(id);
  }

  /** Returns the intent as it stands afterwards (still UNKNOWN when the provider's record cannot settle it). */
  reconcile(intentId: string): Promise<OrderIntentEntity> {
    return this.dataSource.transaction(async (manager) => {
      const intent = await manager.findOne(OrderIntentEntity, {
        where: { id: intentId },
        lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
      });
      if (!intent) return manager.findOneByOrFail(OrderIntentEntity, { id: intentId });
      if (intent.state !== 'UNKNOWN') return intent;
      try {
        return await this.lookUp(manager, intent);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.warn({ intentId, err: reason }, 'Reconciliation attempt failed; will retry');
        return this.stillUnknown(manager, intent, `Lookup failed: ${reason}`);
      }
    });
  }

  private async lookUp(manager: EntityManager, intent: OrderIntentEntity): Promise<OrderIntentEntity> {
    // Placed with another provider (the configuration changed): only a person can look there.
    if (intent.provider !== this.provider.name)
      return this.stillUnknown(
        manager,
        intent,
        `Placed with ${intent.provider}; this service uses ${this.provider.name}`,
      );
    const { credentials } = await this.providerUsers.require(intent.userId);
    if (this.provider.findOrderByClientOrderId) {
      // The provider's record is complete and immediate: absent means certainly not placed.
      const found = await this.provider.findOrderByClientOrderId(credentials, intent.accountId, intent.clientOrderId);
      if (found) return this.settle(manager, intent, found, 'client-order-id');
      this.logger.warn({ intentId: intent.id, idempotencyKey: intent.requestId }, 'Unknown order was not placed');
      return this.intents.reject(intent.id, ORDER_NOT_PLACED_BY_PROVIDER, manager);
    }
    const { orders, source } = await this.search.around(credentials, intent.accountId, sentAround(intent));
    const rivals = await manager.find(OrderIntentEntity, {
      where: { accountId: intent.accountId, state: In(['UNKNOWN', 'SUBMITTING']), id: Not(intent.id) },
    });
    const match = matchProviderOrder(asSentAt(intent), orders, {
      taken: await this.takenOrderIds(manager, intent),
      // Still queued: never sent, so no rival for a provider order.
      rivals: rivals.filter((rival) => rival.dispatchState !== 'QUEUED').map(asSentAt),
      placementWindowMs: this.config.orderPlacementWindowMs,
    });
    if (match.kind === 'matched') return this.settle(manager, intent, match.order, `${match.by} (${source})`);
    if (match.kind === 'undecidable') {
      this.logger.error(
        { intentId: intent.id, accountId: intent.accountId, reason: match.reason },
        'Unknown order cannot be matched with certainty: needs a person',
      );
      return this.stillUnknown(manager, intent, `Needs a person: ${match.reason}`);
    }
    return this.stillUnknown(manager, intent, 'Not found at the provider yet');
  }

  private async takenOrderIds(manager: EntityManager, intent: OrderIntentEntity): Promise<Set<string>> {
    const rows = await manager.find(OrderIntentEntity, {
      where: { accountId: intent.accountId, providerOrderId: Not(IsNull()), id: Not(intent.id) },
      select: { providerOrderId: true },
    });
    return new Set(rows.map((row) => row.providerOrderId!));
  }

  private settle(
    manager: EntityManager,
    intent: OrderIntentEntity,
    order: ProviderOrder,
    by: string,
  ): Promise<OrderIntentEntity> {
    this.logger.log(
      { intentId: intent.id, idempotencyKey: intent.requestId, brokerageOrderId: order.brokerageOrderId, by },
      'Unknown order found at the provider',
    );
    return this.intents.settle(intent.id, order, manager);
  }

  private async stillUnknown(
    manager: EntityManager,
    intent: OrderIntentEntity,
    note: string,
  ): Promise<OrderIntentEntity> {
    await manager.query(
      `UPDATE brokerage.order_intents SET reconcile_attempts = reconcile_attempts + 1, last_reconciled_at = now(), reconcile_note = $2 WHERE id = $1`,
      [intent.id, note],
    );
    return manager.findOneByOrFail(OrderIntentEntity, { id: intent.id });
  }
}

/** When the order may have reached the provider from: a queued (batch) order when its dispatcher claimed it. */
const sentAround = (intent: OrderIntentEntity): Date => intent.dispatchedAt ?? intent.createdAt;
const asSentAt = (intent: OrderIntentEntity): OrderIntentEntity => ({ ...intent, createdAt: sentAround(intent) });
