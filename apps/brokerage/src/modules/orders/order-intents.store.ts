import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  type NormalizedMarketOrder,
  type OrderIntentState,
} from '@copytrade/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ProviderOrder } from '../provider/provider.types';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { stateOfProviderStatus } from './mappers/placed-order.mapper';

export interface NewIntent {
  userId: string;
  requestId: string;
  fingerprint: string;
  accountId: string;
  provider: string;
  order: NormalizedMarketOrder;
}

type IntentError = NonNullable<OrderIntentEntity['error']>;

/** The provider's own complete record shows no such order (the paper broker): certainly not placed. */
export const ORDER_NOT_PLACED_BY_PROVIDER: IntentError = {
  status: 422,
  code: BrokerageErrorCode.ORDER_NOT_PLACED,
  message: BrokerageMessages.orderNotPlaced,
};

/** Writes of order intents. Each write commits on its own: the SUBMITTING row must exist before the provider is called. */
@Injectable()
export class OrderIntentsStore {
  constructor(private readonly dataSource: DataSource) {}

  find(userId: string, requestId: string): Promise<OrderIntentEntity | null> {
    return this.dataSource.getRepository(OrderIntentEntity).findOneBy({ userId, requestId });
  }

  /** INSERT … ON CONFLICT DO NOTHING: of concurrent requests with one id, exactly one gets `created`. */
  async claim(intent: NewIntent): Promise<{ intent: OrderIntentEntity; created: boolean }> {
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(OrderIntentEntity)
      .values({
        userId: intent.userId,
        requestId: intent.requestId,
        fingerprint: intent.fingerprint,
        accountId: intent.accountId,
        provider: intent.provider,
        clientOrderId: randomUUID(),
        action: intent.order.action,
        symbol: intent.order.symbol,
        quantity: intent.order.quantity,
        order: intent.order,
        state: 'SUBMITTING',
      })
      .orIgnore()
      .returning('id')
      .execute();
    const created = (inserted.raw as unknown[]).length > 0;
    const row = await this.find(intent.userId, intent.requestId);
    if (!row) throw new Error('Order intent vanished after claim');
    return { intent: row, created };
  }

  /** Records the provider's answer. Only from SUBMITTING or UNKNOWN: a settled intent never changes again. */
  async settle(
    id: string,
    order: ProviderOrder,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<OrderIntentEntity> {
    return this.update(manager, id, {
      state: stateOfProviderStatus(order.status),
      providerOrderId: order.brokerageOrderId,
      providerStatus: order.status,
      filledQuantity: order.filledQuantity,
      executionPrice: order.executionPrice,
      error:
        stateOfProviderStatus(order.status) === 'REJECTED'
          ? { status: 422, code: 'ORDER_REJECTED', message: `The brokerage answered ${order.status}.` }
          : null,
    });
  }

  reject(
    id: string,
    error: NonNullable<OrderIntentEntity['error']>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<OrderIntentEntity> {
    return this.update(manager, id, { state: 'REJECTED', error });
  }

  markUnknown(id: string): Promise<OrderIntentEntity> {
    return this.update(this.dataSource.manager, id, { state: 'UNKNOWN' });
  }

  /** A person confirmed the order reached the brokerage without its record at hand: placed, status unknown. */
  confirmPlaced(id: string, providerOrderId: string | null, manager: EntityManager): Promise<OrderIntentEntity> {
    return this.update(manager, id, { state: 'SUBMITTED', providerOrderId, error: null });
  }

  /** Intents whose outcome is unknown, oldest first (what admins review). */
  listUnknown(limit = 200): Promise<OrderIntentEntity[]> {
    return this.dataSource
      .getRepository(OrderIntentEntity)
      .find({ where: { state: 'UNKNOWN' }, order: { createdAt: 'ASC' }, take: limit });
  }

  /** Only when the provider certainly never saw the order (our own rate limiter refused it): the id may be used again. */
  async release(id: string): Promise<void> {
    await this.dataSource.getRepository(OrderIntentEntity).delete({ id, state: 'SUBMITTING' });
  }

  private async update(
    manager: EntityManager,
    id: string,
    changes: Partial<OrderIntentEntity> & { state: OrderIntentState },
  ): Promise<OrderIntentEntity> {
    await manager
      .createQueryBuilder()
      .update(OrderIntentEntity)
      .set(changes)
      .where('id = :id', { id })
      .andWhere(`state IN ('SUBMITTING', 'UNKNOWN')`)
      .execute();
    return manager.findOneByOrFail(OrderIntentEntity, { id });
  }
}
