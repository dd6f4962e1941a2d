import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  OrderFilled,
  OrderUpdated,
  type NormalizedMarketOrder,
  type OrderFilledV1,
  type OrderIntentState,
  type OrderUpdatedV1,
} from '@copytrade/contracts';
import { brokerageOrders, OutboxWriter, runAfterCommit, type OutboxEvent } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import type { ProviderOrder } from '../provider/provider.types';
import { OrderIntentEntity } from './entities/order-intent.entity';
import { orderProgress } from './order-status';

export interface NewIntent {
  userId: string;
  requestId: string;
  fingerprint: string;
  accountId: string;
  provider: string;
  order: NormalizedMarketOrder;
}

/** One settlement of a bulk apply: the provider's record of the order, or its refusal. */
export type IntentOutcome = { intent: OrderIntentEntity } & (
  { order: ProviderOrder; error?: undefined } | { error: IntentError; order?: undefined }
);

type IntentError = NonNullable<OrderIntentEntity['error']>;

/** The provider's own complete record shows no such order (the paper broker): certainly not placed. */
export const ORDER_NOT_PLACED_BY_PROVIDER: IntentError = {
  status: 422,
  code: BrokerageErrorCode.ORDER_NOT_PLACED,
  message: BrokerageMessages.orderNotPlaced,
};

/** What changes when the brokerage's record of an order is applied to its intent. */
type Change = Partial<Omit<OrderIntentEntity, 'order'>> & { state: OrderIntentState };

/**
 * Writes of order intents. Every change of an intent's state or fill is published as OrderUpdated in the
 * same transaction (aggregate `order-intent:<id>`, so its versions order one order's updates). The SUBMITTING
 * row commits on its own, before the provider is called.
 */
@Injectable()
export class OrderIntentsStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

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
        limitPrice: intent.order.limitPrice ?? null,
        timeInForce: intent.order.timeInForce ?? null,
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

  /** The intents of these (user, request id) pairs that exist, in one query. */
  findMany(keys: ReadonlyArray<{ userId: string; requestId: string }>): Promise<OrderIntentEntity[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(OrderIntentEntity)
      .createQueryBuilder('i')
      .where('(i.user_id, i.request_id) IN (SELECT * FROM unnest(:users::uuid[], :requests::text[]))', {
        users: keys.map((key) => key.userId),
        requests: keys.map((key) => key.requestId),
      })
      .getMany();
  }

  /**
   * claim() for many intents in one statement: each new (user, request id) is inserted SUBMITTING (QUEUED for the
   * dispatcher when `queued`), an existing one is left alone. Returns every intent of the keys and the ids created
   * by this call. Rows go in key order, so concurrent batches sharing keys wait for each other instead of deadlocking.
   */
  async claimMany(
    intents: ReadonlyArray<NewIntent>,
    queued: boolean,
  ): Promise<{ intents: OrderIntentEntity[]; created: Set<string> }> {
    const rows = [...intents].sort((a, b) =>
      a.userId === b.userId ? (a.requestId < b.requestId ? -1 : 1) : a.userId < b.userId ? -1 : 1,
    );
    const inserted: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO brokerage.order_intents
         (user_id, request_id, fingerprint, account_id, provider, client_order_id, action, symbol, quantity, "order",
          state, dispatch_state, limit_price, time_in_force)
       SELECT u, r, f, a, p, gen_random_uuid(), act, sym, q, o, 'SUBMITTING', $10::text, lp, tif
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::numeric[], $9::jsonb[], $11::numeric[], $12::text[])
              WITH ORDINALITY AS t(u, r, f, a, p, act, sym, q, o, lp, tif, n)
        ORDER BY n
       ON CONFLICT (user_id, request_id) DO NOTHING
       RETURNING id`,
      [
        rows.map((row) => row.userId),
        rows.map((row) => row.requestId),
        rows.map((row) => row.fingerprint),
        rows.map((row) => row.accountId),
        rows.map((row) => row.provider),
        rows.map((row) => row.order.action),
        rows.map((row) => row.order.symbol),
        rows.map((row) => row.order.quantity),
        rows.map((row) => JSON.stringify(row.order)),
        queued ? 'QUEUED' : null,
        rows.map((row) => row.order.limitPrice ?? null),
        rows.map((row) => row.order.timeInForce ?? null),
      ],
    );
    return { intents: await this.findMany(rows), created: new Set(inserted.map((row) => row.id)) };
  }

  /**
   * settle() / reject() for many intents in one transaction of the caller's: changes computed as settle() does,
   * written in one UPDATE, their OrderUpdated (and OrderFilled) events in one outbox insert. Returns the intents as
   * they now stand (an intent already final is returned unchanged).
   */
  async applyMany(tx: EntityManager, outcomes: ReadonlyArray<IntentOutcome>): Promise<OrderIntentEntity[]> {
    const now = new Date();
    const changes = outcomes.map(({ intent, order, error }) => {
      const change: Change | null = order
        ? this.changeOf(intent, order)
        : intent.isFinal
          ? null
          : { state: 'REJECTED', isFinal: true, error };
      return change ? { before: intent, after: { ...intent, dispatchState: null, ...change, updatedAt: now } } : null;
    });
    const written = changes.filter((change) => change !== null);
    if (written.length > 0) {
      const column = <T>(pick: (intent: OrderIntentEntity) => T) => written.map(({ after }) => pick(after));
      await tx.query(
        `UPDATE brokerage.order_intents i
            SET state = v.state, is_final = v.is_final, provider_order_id = v.provider_order_id,
                provider_status = v.provider_status, filled_quantity = v.filled_quantity,
                execution_price = v.execution_price, error = v.error, track_attempts = v.track_attempts,
                next_check_at = v.next_check_at, executed_at = v.executed_at, dispatch_state = NULL, updated_at = $11
           FROM unnest($1::uuid[], $2::text[], $3::boolean[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
                       $8::jsonb[], $9::int[], $10::timestamptz[], $12::timestamptz[])
                AS v(id, state, is_final, provider_order_id, provider_status, filled_quantity, execution_price,
                     error, track_attempts, next_check_at, executed_at)
          WHERE i.id = v.id`,
        [
          column((intent) => intent.id),
          column((intent) => intent.state),
          column((intent) => intent.isFinal),
          column((intent) => intent.providerOrderId),
          column((intent) => intent.providerStatus),
          column((intent) => intent.filledQuantity),
          column((intent) => intent.executionPrice),
          column((intent) => (intent.error ? JSON.stringify(intent.error) : null)),
          column((intent) => intent.trackAttempts),
          column((intent) => intent.nextCheckAt),
          now,
          column((intent) => intent.executedAt),
        ],
      );
      await this.outbox.addMany(
        tx,
        written.flatMap(({ before, after }) => this.eventsOf(before, after)),
      );
      await countStateChanges(tx, written);
    }
    return changes.map((change, index) => change?.after ?? outcomes[index]!.intent);
  }

  /**
   * Applies the provider's record of the order (its answer to the placement, a tracked look, a reconciliation).
   * Only forward: a final intent never changes again, and the filled quantity never goes down (an older copy
   * of the record, from a lagging list, is ignored). Nothing changed: the intent is returned as it is.
   */
  async settle(id: string, order: ProviderOrder, manager?: EntityManager): Promise<OrderIntentEntity> {
    return (await this.apply(id, order, manager)).intent;
  }

  /** settle(), telling whether anything changed. */
  apply(
    id: string,
    order: ProviderOrder,
    manager?: EntityManager,
  ): Promise<{ intent: OrderIntentEntity; changed: boolean }> {
    return this.inTransaction(manager, async (tx) => {
      const intent = await tx.findOne(OrderIntentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!intent) throw new Error(`Order intent ${id} not found`);
      const change = this.changeOf(intent, order);
      return change ? { intent: await this.write(tx, intent, change), changed: true } : { intent, changed: false };
    });
  }

  reject(id: string, error: IntentError, manager?: EntityManager): Promise<OrderIntentEntity> {
    return this.transition(id, { state: 'REJECTED', isFinal: true, error }, manager);
  }

  /** Only from SUBMITTING: the placement's answer was lost, or its process was (the reconciler's sweep). */
  markUnknown(id: string): Promise<OrderIntentEntity> {
    return this.transition(id, { state: 'UNKNOWN' }, undefined, ['SUBMITTING']);
  }

  /** A person confirmed the order reached the brokerage without its record at hand: placed, tracked by its id if any. */
  confirmPlaced(id: string, providerOrderId: string | null, manager: EntityManager): Promise<OrderIntentEntity> {
    return this.transition(id, { state: 'SUBMITTED', providerOrderId, error: null, ...this.tracked(true) }, manager);
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

  /** The tracker looked and nothing changed: look again later, each time twice as late (up to the maximum). */
  async lookedUnchanged(manager: EntityManager, intent: OrderIntentEntity, note: string | null): Promise<void> {
    await manager.update(
      OrderIntentEntity,
      { id: intent.id },
      {
        trackAttempts: intent.trackAttempts + 1,
        nextCheckAt: new Date(Date.now() + this.backOff(intent.trackAttempts + 1)),
        reconcileNote: note,
      },
    );
  }

  private changeOf(intent: OrderIntentEntity, order: ProviderOrder): Change | null {
    if (intent.isFinal) return null;
    const progress = orderProgress(order.status, order.filledQuantity, order.totalQuantity);
    const settling = intent.state === 'SUBMITTING' || intent.state === 'UNKNOWN';
    const before = new Decimal(intent.filledQuantity ?? 0);
    if (!settling) {
      if (intent.providerOrderId !== null && intent.providerOrderId !== order.brokerageOrderId) return null;
      if (new Decimal(progress.filledQuantity).lt(before)) return null;
      const same =
        progress.state === intent.state &&
        progress.final === intent.isFinal &&
        before.eq(progress.filledQuantity) &&
        order.status === intent.providerStatus &&
        samePrice(intent.executionPrice, order.executionPrice);
      if (same) return null;
    }
    const filled = !new Decimal(progress.filledQuantity).isZero();
    return {
      state: progress.state,
      isFinal: progress.final,
      providerOrderId: order.brokerageOrderId,
      providerStatus: order.status,
      filledQuantity: progress.filledQuantity,
      executionPrice: filled ? (order.executionPrice ?? intent.executionPrice) : null,
      executedAt: filled ? executedAtOf(intent, order) : null,
      error:
        progress.state === 'REJECTED'
          ? { status: 422, code: 'ORDER_REJECTED', message: `The brokerage answered ${order.status}.` }
          : null,
      ...this.tracked(!progress.final),
    };
  }

  /** An open order is looked at again soon after each change; a final one never. */
  private tracked(open: boolean): Pick<OrderIntentEntity, 'trackAttempts' | 'nextCheckAt'> {
    return {
      trackAttempts: 0,
      nextCheckAt: open ? new Date(Date.now() + this.config.ORDER_TRACK_MIN_INTERVAL_MS) : null,
    };
  }

  private backOff(attempts: number): number {
    const { ORDER_TRACK_MIN_INTERVAL_MS: min, ORDER_TRACK_MAX_INTERVAL_MS: max } = this.config;
    return Math.min(min * 2 ** Math.min(attempts, 20), Math.max(min, max));
  }

  /** A change of an intent whose outcome is still open (SUBMITTING or UNKNOWN); a settled intent stays as it is. */
  private transition(
    id: string,
    change: Change,
    manager?: EntityManager,
    from: OrderIntentState[] = ['SUBMITTING', 'UNKNOWN'],
  ): Promise<OrderIntentEntity> {
    return this.inTransaction(manager, async (tx) => {
      const intent = await tx.findOne(OrderIntentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!intent) throw new Error(`Order intent ${id} not found`);
      if (!from.includes(intent.state)) return intent;
      return this.write(tx, intent, change);
    });
  }

  private async write(tx: EntityManager, intent: OrderIntentEntity, change: Change): Promise<OrderIntentEntity> {
    // Any change of state takes the intent out of the dispatch queue (settled, refused, or UNKNOWN for the reconciler).
    await tx
      .createQueryBuilder()
      .update(OrderIntentEntity)
      .set({ dispatchState: null, ...change })
      .where('id = :id', { id: intent.id })
      .execute();
    const updated = await tx.findOneByOrFail(OrderIntentEntity, { id: intent.id });
    await this.outbox.addMany(tx, this.eventsOf(intent, updated));
    await countStateChanges(tx, [{ before: intent, after: updated }]);
    return updated;
  }

  /** OrderUpdated for every change; the change that fills the order also OrderFilled, once (a FILLED intent is final). */
  private eventsOf(before: OrderIntentEntity, after: OrderIntentEntity): OutboxEvent[] {
    const meta = { correlationId: after.requestId, aggregateId: `order-intent:${after.id}` };
    const events: OutboxEvent[] = [{ definition: OrderUpdated, data: orderUpdatedOf(after), meta }];
    const filled = after.state === 'FILLED' && before.state !== 'FILLED' ? orderFilledOf(after) : null;
    if (filled) events.push({ definition: OrderFilled, data: filled, meta });
    return events;
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return manager?.queryRunner?.isTransactionActive ? work(manager) : this.dataSource.transaction(work);
  }
}

/**
 * Orders into `copytrade_brokerage_orders_total` by the state they reached (a bounded set: the table's check), once
 * the transaction that wrote it commits; a change that keeps the state (more tracking) counts nothing.
 */
function countStateChanges(
  tx: EntityManager,
  changes: ReadonlyArray<{ before: Pick<OrderIntentEntity, 'state'>; after: Pick<OrderIntentEntity, 'state'> }>,
): Promise<void> {
  const reached = changes.filter(({ before, after }) => before.state !== after.state).map(({ after }) => after.state);
  if (reached.length === 0) return Promise.resolve();
  return runAfterCommit(tx, () => {
    const orders = brokerageOrders();
    for (const state of reached) orders.inc({ outcome: state.toLowerCase() });
  });
}

/**
 * When a filled order executed: the brokerage's own time (SnapTrade's time_executed, the paper broker's fill) — a
 * later record's time where it gives one. A brokerage that gives none: the time already noted, else now — the first
 * moment a fill of it was seen here, the closest to its execution this service can know.
 */
function executedAtOf(intent: OrderIntentEntity, order: ProviderOrder): Date {
  const reported = order.timeExecuted ? new Date(order.timeExecuted) : null;
  if (reported && !Number.isNaN(reported.getTime())) return reported;
  return intent.executedAt ?? new Date();
}

const samePrice = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

/** The event of an intent as it now stands. */
export function orderUpdatedOf(intent: OrderIntentEntity): OrderUpdatedV1 {
  const order = intent.order as Pick<NormalizedMarketOrder, 'option' | 'underlying'>;
  return {
    intentId: intent.id,
    requestId: intent.requestId,
    userId: intent.userId,
    accountId: intent.accountId,
    provider: intent.provider,
    brokerageOrderId: intent.providerOrderId,
    clientOrderId: intent.clientOrderId,
    action: intent.action,
    symbol: intent.symbol,
    underlying: order.underlying ?? intent.symbol,
    isOptions: Boolean(order.option),
    quantity: new Decimal(intent.quantity).toString(),
    state: intent.state,
    final: intent.isFinal,
    filledQuantity: new Decimal(intent.filledQuantity ?? 0).toString(),
    averagePrice: intent.executionPrice === null ? null : new Decimal(intent.executionPrice).toString(),
    providerStatus: intent.providerStatus,
    // The refusal's code tells consumers why (a closed market is waited out, not failed: docs/product.md).
    rejectionCode: intent.state === 'REJECTED' ? (intent.error?.code ?? BrokerageErrorCode.ORDER_REJECTED) : null,
    filledAt: intent.executedAt?.toISOString() ?? null,
    occurredAt: new Date().toISOString(),
  };
}

/** The fill of an intent that just became FILLED; null without a fill price (never for a filled order). */
export function orderFilledOf(intent: OrderIntentEntity): OrderFilledV1 | null {
  if (intent.executionPrice === null) return null;
  const order = intent.order as Pick<NormalizedMarketOrder, 'option' | 'underlying'>;
  const option = order.option ?? null;
  return {
    intentId: intent.id,
    userId: intent.userId,
    accountId: intent.accountId,
    provider: intent.provider,
    requestId: intent.requestId,
    brokerageOrderId: intent.providerOrderId,
    action: intent.action,
    symbol: intent.symbol,
    underlying: order.underlying ?? intent.symbol,
    optionType: option ? (option.optionType === 'CALL' ? 'call' : 'put') : null,
    strikePrice: option ? new Decimal(option.strikePrice).toString() : null,
    expirationDate: option?.expirationDate ?? null,
    contractMultiplier: option?.multiplier ?? 1,
    filledQuantity: new Decimal(intent.filledQuantity ?? 0).toString(),
    averagePrice: new Decimal(intent.executionPrice).toString(),
    // The brokerage's execution time, not this event's: a fill seen late (a restart, a lagging list) keeps its time.
    filledAt: (intent.executedAt ?? new Date()).toISOString(),
  };
}
