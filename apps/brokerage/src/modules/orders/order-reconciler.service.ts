import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, Not, IsNull, type EntityManager } from 'typeorm';
import { ProviderUsers } from '../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { OrderIntentsStore } from './order-intents.store';
import { matchProviderOrder } from './order-matcher';

/** A SUBMITTING intent this old lost its process (a provider call never lasts this long). */
const STALE_SUBMITTING_MS = 2 * 60_000;
/** After this long without a trace at the provider, the order was not placed. */
const GIVE_UP_AFTER_MS = 15 * 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 20;

/**
 * Settles intents whose outcome is unknown by looking for their order at the provider (realtime recent
 * orders), never by placing it again. Each intent is handled under a row lock (SKIP LOCKED), so replicas
 * and a concurrent replay never reconcile the same intent at once.
 */
@Injectable()
export class OrderReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderReconciler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Order reconciliation sweep failed'))
        .finally(() => (this.running = undefined));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Marks lost SUBMITTING intents UNKNOWN, then reconciles a batch of UNKNOWN ones. */
  async sweep(): Promise<void> {
    await this.dataSource.query(
      `UPDATE brokerage.order_intents SET state = 'UNKNOWN', updated_at = now() WHERE state = 'SUBMITTING' AND updated_at < now() - ($1 || ' milliseconds')::interval`,
      [String(STALE_SUBMITTING_MS)],
    );
    const pending: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM brokerage.order_intents WHERE state = 'UNKNOWN' ORDER BY updated_at LIMIT $1`,
      [SWEEP_BATCH],
    );
    for (const { id } of pending) await this.reconcile(id);
  }

  /** Returns the intent as it stands afterwards (still UNKNOWN when the provider could not tell yet). */
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
        this.logger.warn(
          { intentId, err: error instanceof Error ? error.message : error },
          'Reconciliation attempt failed; will retry',
        );
        await manager.increment(OrderIntentEntity, { id: intentId }, 'reconcileAttempts', 1);
        return intent;
      }
    });
  }

  private async lookUp(manager: EntityManager, intent: OrderIntentEntity): Promise<OrderIntentEntity> {
    // Placed with another provider (the configuration changed): only a person can look there.
    if (intent.provider !== this.provider.name)
      throw new Error(`Intent was placed with ${intent.provider}, not ${this.provider.name}`);
    const { credentials } = await this.providerUsers.require(intent.userId);
    const orders = await this.provider.listRecentOrders(credentials, intent.accountId);
    const taken = new Set(
      (
        await manager.find(OrderIntentEntity, {
          where: { accountId: intent.accountId, providerOrderId: Not(IsNull()) },
          select: { providerOrderId: true },
        })
      ).map((row) => row.providerOrderId!),
    );
    const match = matchProviderOrder(intent, orders, taken);
    if (match === 'ambiguous') {
      this.logger.error(
        { intentId: intent.id, accountId: intent.accountId },
        'Several provider orders match an unknown intent: needs a person',
      );
      await manager.increment(OrderIntentEntity, { id: intent.id }, 'reconcileAttempts', 1);
      return intent;
    }
    if (match) {
      this.logger.log(
        { intentId: intent.id, brokerageOrderId: match.brokerageOrderId },
        'Unknown order found at the provider',
      );
      return this.intents.settle(intent.id, match, manager);
    }
    if (Date.now() - intent.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      this.logger.warn({ intentId: intent.id }, 'Unknown order never appeared at the provider: recorded as not placed');
      return this.intents.reject(
        intent.id,
        { status: 422, code: 'ORDER_NOT_PLACED', message: 'The order was not placed. Please try again.' },
        manager,
      );
    }
    await manager.increment(OrderIntentEntity, { id: intent.id }, 'reconcileAttempts', 1);
    return intent;
  }
}
