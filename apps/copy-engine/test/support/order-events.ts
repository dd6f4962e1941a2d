import { randomUUID } from 'node:crypto';
import { OrderFilled, type EventEnvelope, type OrderFilledV1, type PlacedOrderView } from '@copytrade/contracts';

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

/** OrderFilled of a stock order the stand-in brokerage placed (paper): `filled` units at `price`, now. */
export function orderFilledEvent(
  userId: string,
  order: PlacedOrderView,
  action: OrderFilledV1['action'],
  filled: string,
  price: string,
): EventEnvelope<OrderFilledV1> {
  return orderEnvelope(OrderFilled.type, order.clientOrderId!, {
    intentId: order.clientOrderId!,
    userId,
    accountId: order.accountId!,
    provider: 'paper',
    requestId: order.requestId,
    brokerageOrderId: order.brokerageOrderId,
    action,
    symbol: order.symbol,
    underlying: order.symbol,
    filledQuantity: filled,
    averagePrice: price,
    filledAt: new Date().toISOString(),
    optionType: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
  });
}
