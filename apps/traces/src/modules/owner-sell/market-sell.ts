import {
  BROKERAGE_ORDER_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  OwnerSellErrorCode,
  OwnerSellMessages,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type MarketOrderInput,
  type PlacedOrderView,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
  type SellFailureDetails,
} from '@copytrade/contracts';
import { DomainException, RpcTimeoutException, type RpcCallContext, type RpcClient } from '@copytrade/nest';
import { orderOutcomeText } from './owner-sells.store';

export interface MarketSellRequest {
  userId: string;
  accountId: string;
  /** The client's idempotency key: a retry with it gets the first order back, never a second one. */
  requestId: string;
  order: Omit<MarketOrderInput, 'action'>;
}

export interface MarketSellOutcome {
  /** filled: units sold at `order.executionPrice`; pending: accepted, not filled yet; unknown: may have been placed. */
  status: 'filled' | 'pending' | 'unknown';
  order: PlacedOrderView;
  replayed: boolean;
}

/**
 * A market sell through the brokerage service, for any position a user holds (the owner's shared trade here; a
 * follower's copied position in the copying issue): placeOrder with the caller's request id (the brokerage's
 * idempotency), its answer read as filled / pending / unknown. No reply in time is never "not placed": the stored
 * outcome of the request id is asked for, else the outcome is unknown. A refusal becomes a DomainException whose
 * details carry the seed's failure fields (isMarketHoursRestriction, technical, errorCode, canRetry).
 */
export class MarketSell {
  constructor(private readonly brokerage: RpcClient) {}

  async sell(request: MarketSellRequest, context: RpcCallContext): Promise<MarketSellOutcome> {
    const payload: PlaceOrderRpcRequest = {
      userId: request.userId,
      accountId: request.accountId,
      requestId: request.requestId,
      order: { ...request.order, action: 'SELL' },
    };
    let reply: PlaceOrderRpcReply;
    try {
      reply = await this.brokerage.request<PlaceOrderRpcRequest, PlaceOrderRpcReply>(
        BrokerageRpc.placeOrder,
        payload,
        context,
        BROKERAGE_ORDER_RPC_TIMEOUT_MS,
      );
    } catch (error) {
      if (error instanceof RpcTimeoutException) {
        const stored = await this.stored(request, context);
        return stored ? this.outcomeOf({ order: stored, replayed: true }) : { status: 'unknown', ...unknown(payload) };
      }
      throw error instanceof DomainException ? sellFailureOf(error) : error;
    }
    return this.outcomeOf(reply);
  }

  private outcomeOf({ order, replayed }: PlaceOrderRpcReply): MarketSellOutcome {
    switch (order.state) {
      case 'FILLED':
        return { status: 'filled', order, replayed };
      case 'PARTIALLY_FILLED':
        return { status: order.final ? 'filled' : 'pending', order, replayed };
      case 'SUBMITTED':
        return { status: 'pending', order, replayed };
      case 'UNKNOWN':
      case 'SUBMITTING':
        return { status: 'unknown', order, replayed };
      default:
        // CANCELED, EXPIRED, REJECTED after acceptance: nothing sold; a new request id may try again.
        throw new DomainException(422, OwnerSellErrorCode.SELL_NOT_FILLED, OwnerSellMessages.notFilled, {
          isMarketHoursRestriction: false,
          technical: orderOutcomeText(order.state, order.providerStatus),
          errorCode: order.providerStatus ?? order.state,
          canRetry: true,
        } satisfies SellFailureDetails);
    }
  }

  private async stored(request: MarketSellRequest, context: RpcCallContext): Promise<PlacedOrderView | null> {
    try {
      const { order } = await this.brokerage.request<GetPlacedOrderRpcRequest, GetPlacedOrderRpcReply>(
        BrokerageRpc.getPlacedOrder,
        { userId: request.userId, requestId: request.requestId },
        context,
      );
      return order;
    } catch {
      return null;
    }
  }
}

function unknown(payload: PlaceOrderRpcRequest): { order: PlacedOrderView; replayed: boolean } {
  const { order } = payload;
  return {
    replayed: false,
    order: {
      requestId: payload.requestId,
      accountId: payload.accountId ?? null,
      state: 'UNKNOWN',
      clientOrderId: null,
      brokerageOrderId: null,
      action: 'SELL',
      symbol: order.symbol,
      quantity: order.quantity,
      isOptions: Boolean(order.isOptions),
      optionsTicker: order.optionsTicker ?? null,
      filledQuantity: null,
      executionPrice: null,
      providerStatus: null,
      final: false,
      placedAt: new Date().toISOString(),
    },
  };
}

/** Refusals the client may simply try again later (same position, a new request id unless said otherwise). */
const RETRYABLE = new Set<string>([
  BrokerageErrorCode.MARKET_CLOSED,
  BrokerageErrorCode.PROVIDER_RATE_LIMITED,
  BrokerageErrorCode.PROVIDER_UNAVAILABLE,
  BrokerageErrorCode.ORDER_IN_FLIGHT,
]);

/** The brokerage's refusal with the seed's failure fields in its details (status, code and message kept). */
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
