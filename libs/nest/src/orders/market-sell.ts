import {
  BROKERAGE_ORDER_RPC_TIMEOUT_MS,
  BrokerageRpc,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type MarketOrderInput,
  type PlacedOrderView,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '../errors/domain.exception';
import { RpcTimeoutException, type RpcCallContext, type RpcClient } from '../rpc/rpc-client';
import { orderProgressOf, sellFailureOf, sellNotFilledOf, unknownOrderOf } from './order-outcome';

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
 * A market sell through the brokerage service, for any position a user holds (the owner's shared trade in traces; a
 * follower's copied position in the copy-engine): placeOrder with the caller's request id (the brokerage's
 * idempotency), its answer read as filled / pending / unknown. No reply in time is never "not placed": the stored
 * outcome of the request id is asked for, else the outcome is unknown. A refusal becomes a DomainException whose
 * details carry the sell's failure fields (isMarketHoursRestriction, technical, errorCode, canRetry).
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
        return stored
          ? this.outcomeOf({ order: stored, replayed: true })
          : { status: 'unknown', replayed: false, order: unknownOrderOf(payload) };
      }
      throw error instanceof DomainException ? sellFailureOf(error) : error;
    }
    return this.outcomeOf(reply);
  }

  private outcomeOf({ order, replayed }: PlaceOrderRpcReply): MarketSellOutcome {
    const status = orderProgressOf(order);
    // CANCELED, EXPIRED, REJECTED after acceptance: nothing sold; a new request id may try again.
    if (!status) throw sellNotFilledOf(order);
    return { status, order, replayed };
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
