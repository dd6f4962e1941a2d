import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkLoop } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { ProviderUsers } from '../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { OrderIntentsStore } from './order-intents.store';
import { ProviderOrderSearch } from './provider-order-search';

const BATCH = 20;
/** A look claims its intent this long, so replicas do not look at the same order at once. */
const LEASE_MS = 120_000;

/**
 * Follows every order the brokerage accepted but has not finished (pending, partly filled) to its final state.
 * Open orders are found in the database (next_check_at), so tracking resumes after a restart; each look is one
 * provider request through the shared rate limiter, and an order that did not change is looked at twice as
 * late each time (ORDER_TRACK_MIN_INTERVAL_MS … ORDER_TRACK_MAX_INTERVAL_MS). Every change is stored with its
 * OrderUpdated event (OrderIntentsStore.settle).
 */
@Injectable()
export class OrderTracker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OrderTracker.name);
  private readonly sweeps: WorkLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    private readonly search: ProviderOrderSearch,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {
    this.sweeps = new WorkLoop({
      pass: () => this.sweep(),
      intervalMs: config.ORDER_TRACK_SWEEP_MS,
      failed: (error) => this.logger.warn({ err: error }, 'Order tracking sweep failed'),
    });
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Looks at the open orders that are due, each claimed for a lease first (SKIP LOCKED: replicas share the work). */
  async sweep(): Promise<void> {
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's PostgreSQL driver.
    const [claimed]: [{ id: string }[], number] = await this.dataSource.query(
      `UPDATE brokerage.order_intents SET next_check_at = now() + ($2 || ' milliseconds')::interval
        WHERE id IN (SELECT id FROM brokerage.order_intents
                      WHERE state IN ('SUBMITTED', 'PARTIALLY_FILLED') AND NOT is_final
                        AND provider_order_id IS NOT NULL AND provider = $3
                        AND (next_check_at IS NULL OR next_check_at <= now())
                      ORDER BY next_check_at NULLS FIRST LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [BATCH, String(LEASE_MS), this.provider.name],
    );
    for (const { id } of claimed) await this.track(id);
  }

  /** One look at one open order; returns it as it stands afterwards. */
  async track(intentId: string): Promise<OrderIntentEntity> {
    const intent = await this.dataSource.getRepository(OrderIntentEntity).findOneByOrFail({ id: intentId });
    if (intent.isFinal || !intent.providerOrderId) return intent;
    try {
      const { credentials } = await this.providerUsers.require(intent.userId);
      const record = await this.search.order(credentials, intent.accountId, intent.providerOrderId, intent.createdAt);
      const { intent: after, changed } = record
        ? await this.intents.apply(intent.id, record)
        : { intent, changed: false };
      if (!changed)
        await this.intents.lookedUnchanged(
          this.dataSource.manager,
          intent,
          record ? null : 'The provider does not show this order (yet)',
        );
      else
        this.logger.log(
          { intentId, brokerageOrderId: after.providerOrderId, state: after.state, filled: after.filledQuantity },
          'Order updated',
        );
      return this.dataSource.getRepository(OrderIntentEntity).findOneByOrFail({ id: intentId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ intentId, err: reason }, 'Order tracking look failed; will retry');
      await this.intents.lookedUnchanged(this.dataSource.manager, intent, `Lookup failed: ${reason}`);
      return this.dataSource.getRepository(OrderIntentEntity).findOneByOrFail({ id: intentId });
    }
  }
}
