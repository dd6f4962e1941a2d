import type { NormalizedMarketOrder, PlacedOrderView, UnknownOrderView } from '@copytrade/contracts';
import { price, quantity } from '../../../common/json-numbers';
import type { OrderIntentEntity } from '../entities/order-intent.entity';

export function toPlacedOrderView(intent: OrderIntentEntity): PlacedOrderView {
  const order = intent.order as Pick<NormalizedMarketOrder, 'option' | 'underlying'>;
  return {
    requestId: intent.requestId,
    accountId: intent.accountId,
    state: intent.state,
    clientOrderId: intent.clientOrderId,
    brokerageOrderId: intent.providerOrderId,
    action: intent.action,
    symbol: order.underlying ?? intent.symbol,
    quantity: quantity(intent.quantity)!,
    isOptions: order.option !== null,
    optionsTicker: order.option !== null ? intent.symbol : null,
    limitPrice: price(intent.limitPrice),
    timeInForce: intent.timeInForce,
    filledQuantity: quantity(intent.filledQuantity),
    executionPrice: price(intent.executionPrice),
    providerStatus: intent.providerStatus,
    final: intent.isFinal,
    placedAt: intent.createdAt.toISOString(),
    filledAt: intent.executedAt?.toISOString() ?? null,
  };
}

export function toUnknownOrderView(intent: OrderIntentEntity): UnknownOrderView {
  return {
    id: intent.id,
    userId: intent.userId,
    requestId: intent.requestId,
    accountId: intent.accountId,
    provider: intent.provider,
    clientOrderId: intent.clientOrderId,
    action: intent.action,
    symbol: intent.symbol,
    quantity: quantity(intent.quantity)!,
    state: intent.state,
    placedAt: intent.createdAt.toISOString(),
    reconcileAttempts: intent.reconcileAttempts,
    lastReconciledAt: intent.lastReconciledAt?.toISOString() ?? null,
    reconcileNote: intent.reconcileNote,
  };
}
