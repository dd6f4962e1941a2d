import { randomUUID } from 'node:crypto';
import {
  OrderFilled,
  OrderUpdated,
  type EventEnvelope,
  type OrderFilledV1,
  type OrderUpdatedV1,
  type OrderView,
  type PositionView,
  type RpcRequest,
} from '@copytrade/contracts';

/** What the brokerage service answers and publishes, as the traces suites need it. */

/** The brokerage answers only the actor's own data: a stand-in's check of every request. */
export function assertOwnAccount(request: RpcRequest<{ userId: string }>): void {
  if (request.actor?.userId !== request.payload.userId) throw new Error('not your account');
}

/** A stock position of the owner's account. */
export const stockPosition = (
  symbol: string,
  quantity: number,
  price: number,
  averagePurchasePrice: number,
): PositionView => ({
  symbol,
  description: null,
  quantity,
  price,
  value: quantity * price,
  averagePurchasePrice,
  currency: 'USD',
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
});

/** An executed stock buy in the account's order list, filled whole. */
export const buyOrder = (
  id: string,
  symbol: string,
  quantity: number,
  executionPrice: number,
  at: string,
): OrderView => ({
  id,
  symbol,
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  action: 'BUY',
  orderType: 'Market',
  timeInForce: 'Day',
  status: 'EXECUTED',
  quantity,
  filledQuantity: quantity,
  executionPrice,
  timePlaced: at,
  timeExecuted: at,
});

const envelope = <T>(type: string, data: T, aggregateId: string, aggregateVersion: number): EventEnvelope<T> => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  producer: 'brokerage',
  correlationId: randomUUID(),
  aggregateId,
  aggregateVersion,
  data,
});

/** OrderFilled of a stock order (a BUY of 4 AMD at 150.5 unless told otherwise). */
export function orderFilled(
  data: Pick<OrderFilledV1, 'userId' | 'accountId'> & Partial<OrderFilledV1>,
  aggregateVersion = 3,
): EventEnvelope<OrderFilledV1> {
  const intentId = data.intentId ?? randomUUID();
  return envelope(
    OrderFilled.type,
    {
      intentId,
      provider: 'paper',
      brokerageOrderId: `ord-${randomUUID()}`,
      action: 'BUY',
      symbol: 'AMD',
      underlying: 'AMD',
      optionType: null,
      strikePrice: null,
      expirationDate: null,
      contractMultiplier: 1,
      filledQuantity: '4',
      averagePrice: '150.5',
      filledAt: new Date().toISOString(),
      ...data,
    },
    `order-intent:${intentId}`,
    aggregateVersion,
  );
}

/** OrderUpdated of an order placed with `requestId` (a SELL of 10 MSFT canceled unfilled unless told otherwise). */
export function orderUpdated(
  data: Pick<OrderUpdatedV1, 'userId' | 'accountId' | 'requestId'> & Partial<OrderUpdatedV1>,
  aggregateVersion = 2,
): EventEnvelope<OrderUpdatedV1> {
  const intentId = data.intentId ?? randomUUID();
  return envelope(
    OrderUpdated.type,
    {
      intentId,
      provider: 'paper',
      brokerageOrderId: `ord-${randomUUID()}`,
      clientOrderId: randomUUID(),
      action: 'SELL',
      symbol: 'MSFT',
      underlying: 'MSFT',
      isOptions: false,
      quantity: '10',
      state: 'CANCELED',
      final: true,
      filledQuantity: '0',
      averagePrice: null,
      providerStatus: 'CANCELED',
      occurredAt: new Date().toISOString(),
      ...data,
    },
    `order-intent:${intentId}`,
    aggregateVersion,
  );
}
