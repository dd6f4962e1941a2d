import {
  BrokerageErrorCode,
  OwnerSellErrorCode,
  OwnerSellMessages,
  requestedLimit,
  type PlacedOrderView,
  type PlaceOrderRpcRequest,
  type SellFailureDetails,
} from '@copytrade/contracts';
import { DomainException } from '../errors/domain.exception';

/** How far a placed order has got: filled, still working, or not known yet (it may have been placed). */
export type OrderProgress = 'filled' | 'pending' | 'unknown';

/** What the brokerage says became of an order, in words (a failure reason, a sell's shortfall). */
export const orderOutcomeText = (state: string, providerStatus: string | null): string =>
  `The brokerage reports the order ${state.toLowerCase().replace('_', ' ')}${providerStatus ? ` (${providerStatus})` : ''}.`;

/**
 * An order's state read as progress: FILLED, or PARTIALLY_FILLED and final → filled; SUBMITTED or a partial fill
 * still working → pending; UNKNOWN / SUBMITTING → unknown. Null when it ended without a fill (CANCELED, EXPIRED,
 * REJECTED after acceptance): nothing was bought or sold, and a new request id may try again.
 */
export function orderProgressOf(order: PlacedOrderView): OrderProgress | null {
  switch (order.state) {
    case 'FILLED':
      return 'filled';
    case 'PARTIALLY_FILLED':
      return order.final ? 'filled' : 'pending';
    case 'SUBMITTED':
      return 'pending';
    case 'UNKNOWN':
    case 'SUBMITTING':
      return 'unknown';
    default:
      return null;
  }
}

/** A sell's order that ended without a fill, with the sell's failure fields in its details. */
export function sellNotFilledOf(order: PlacedOrderView): DomainException {
  return new DomainException(422, OwnerSellErrorCode.SELL_NOT_FILLED, OwnerSellMessages.notFilled, {
    isMarketHoursRestriction: false,
    technical: orderOutcomeText(order.state, order.providerStatus),
    errorCode: order.providerStatus ?? order.state,
    canRetry: true,
  } satisfies SellFailureDetails);
}

/** The order of a placement that got no answer in time and has no stored outcome: it may have been placed. */
export function unknownOrderOf(payload: PlaceOrderRpcRequest): PlacedOrderView {
  const { order } = payload;
  return {
    requestId: payload.requestId,
    accountId: payload.accountId ?? null,
    state: 'UNKNOWN',
    clientOrderId: null,
    brokerageOrderId: null,
    action: order.action,
    symbol: order.symbol,
    quantity: order.quantity,
    isOptions: Boolean(order.isOptions),
    optionsTicker: order.optionsTicker ?? null,
    ...requestedLimit(order),
    filledQuantity: null,
    executionPrice: null,
    providerStatus: null,
    final: false,
    placedAt: new Date().toISOString(),
  };
}

/** Refusals the client may simply try again later (same position, a new request id unless said otherwise). */
const RETRYABLE = new Set<string>([
  BrokerageErrorCode.MARKET_CLOSED,
  BrokerageErrorCode.PROVIDER_RATE_LIMITED,
  BrokerageErrorCode.PROVIDER_UNAVAILABLE,
  BrokerageErrorCode.ORDER_IN_FLIGHT,
]);

/**
 * The brokerage's refusal of a sell with the sell's failure fields in its details (isMarketHoursRestriction,
 * technical, errorCode, canRetry); status, code, message and the earlier details kept.
 */
export function sellFailureOf(error: DomainException): DomainException {
  const previous = (error.details ?? {}) as Record<string, unknown>;
  const details: SellFailureDetails & Record<string, unknown> = {
    ...previous,
    isMarketHoursRestriction: error.code === BrokerageErrorCode.MARKET_CLOSED,
    technical: error.message,
    errorCode: error.code,
    canRetry: RETRYABLE.has(error.code) || error.status === 429 || error.status >= 500,
  };
  return new DomainException(error.status, error.code, error.message, details);
}
