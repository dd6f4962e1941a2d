import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  OrderFilled,
  OrderUpdated,
  type EventEnvelope,
  type OrderFilledV1,
  type OrderUpdatedV1,
  type PlacedOrderView,
} from '@copytrade/contracts';

/** An event of order intent `intentId` as the brokerage's outbox sends it (aggregate `order-intent:<id>`, version 1). */
export function orderEnvelope<T>(type: string, intentId: string, data: T): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'brokerage',
    correlationId: randomUUID(),
    aggregateId: `order-intent:${intentId}`,
    aggregateVersion: 1,
    data,
  };
}

/** Who placed which stock order: every field of an OrderFilled but the fill's own. */
export type StockOrderOf = Pick<
  OrderFilledV1,
  | 'intentId'
  | 'userId'
  | 'accountId'
  | 'provider'
  | 'requestId'
  | 'brokerageOrderId'
  | 'action'
  | 'symbol'
  | 'underlying'
>;

/** OrderFilled of a stock order: `filled` units at `price`, executed at `filledAt` (now unless given). */
export function stockOrderFilledEvent(
  order: StockOrderOf,
  filled: string,
  price: string,
  filledAt = new Date().toISOString(),
): EventEnvelope<OrderFilledV1> {
  return orderEnvelope(OrderFilled.type, order.intentId, {
    ...order,
    filledQuantity: filled,
    averagePrice: price,
    filledAt,
    optionType: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
  });
}

/** OrderFilled of a stock order the stand-in brokerage placed (paper): `filled` units at `price`, at `filledAt`. */
export function orderFilledEvent(
  userId: string,
  order: PlacedOrderView,
  action: OrderFilledV1['action'],
  filled: string,
  price: string,
  filledAt?: string,
): EventEnvelope<OrderFilledV1> {
  return stockOrderFilledEvent(
    {
      intentId: order.clientOrderId!,
      userId,
      accountId: order.accountId!,
      provider: 'paper',
      requestId: order.requestId,
      brokerageOrderId: order.brokerageOrderId,
      action,
      symbol: order.symbol,
      underlying: order.symbol,
    },
    filled,
    price,
    filledAt,
  );
}

/** What an OrderUpdated says changed: the order's state, what filled at what price, and why it was rejected. */
export interface OrderChange {
  state: OrderUpdatedV1['state'];
  final: boolean;
  filled: string;
  price: string | null;
  rejectionCode?: string | null;
  provider?: string;
  /** The brokerage's execution time of the fill (absent: none reported, as from a brokerage before the field). */
  filledAt?: string | null;
}

/** OrderUpdated of a stock buy the stand-in brokerage placed (paper unless `change.provider` says otherwise). */
export function orderUpdatedEvent(
  userId: string,
  order: PlacedOrderView,
  change: OrderChange,
): EventEnvelope<OrderUpdatedV1> {
  return orderEnvelope(OrderUpdated.type, order.clientOrderId!, {
    intentId: order.clientOrderId!,
    requestId: order.requestId,
    userId,
    accountId: order.accountId!,
    provider: change.provider ?? 'paper',
    brokerageOrderId: order.brokerageOrderId,
    clientOrderId: order.clientOrderId!,
    action: 'BUY',
    symbol: order.symbol,
    underlying: order.symbol,
    isOptions: false,
    quantity: String(order.quantity),
    state: change.state,
    final: change.final,
    filledQuantity: change.filled,
    averagePrice: change.price,
    providerStatus: change.state,
    rejectionCode: change.rejectionCode ?? null,
    ...(change.filledAt !== undefined ? { filledAt: change.filledAt } : {}),
    occurredAt: new Date().toISOString(),
  });
}

/**
 * An order event as the brokerage's relay publishes it, as `version` of its order's aggregate; `redelivered` publishes
 * it without its msg id, so JetStream delivers it again as a redelivery would (its event id the same).
 */
export async function publishOrderEvent(
  nc: NatsConnection,
  envelope: EventEnvelope<OrderUpdatedV1 | OrderFilledV1>,
  version: number,
  redelivered = false,
): Promise<void> {
  const subject = envelope.type === OrderUpdated.type ? OrderUpdated.subject : OrderFilled.subject;
  await jetstream(nc).publish(
    subject,
    JSON.stringify({ ...envelope, aggregateVersion: version }),
    redelivered ? {} : { msgID: envelope.id },
  );
}
