import type { NormalizedMarketOrder, OrderIntentState, PlacedOrderView, UnknownOrderView } from '@copytrade/contracts';
import { EXECUTED_ORDER_STATUSES, FAILED_ORDER_STATUSES } from '../../provider/provider.types';
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
    filledQuantity: quantity(intent.filledQuantity),
    executionPrice: price(intent.executionPrice),
    providerStatus: intent.providerStatus,
    placedAt: intent.createdAt.toISOString(),
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

/** The intent's state once the provider's status is known. */
export function stateOfProviderStatus(status: string): OrderIntentState {
  if (EXECUTED_ORDER_STATUSES.has(status)) return 'FILLED';
  if (FAILED_ORDER_STATUSES.has(status)) return 'REJECTED';
  return 'SUBMITTED';
}
