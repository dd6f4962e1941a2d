import { Injectable, Logger } from '@nestjs/common';
import {
  BROKERAGE_ORDER_RPC_TIMEOUT_MS,
  BrokerageRpc,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type PlacedOrderView,
  type PlaceOrderResponse,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
} from '@copytrade/contracts';
import { RpcClient, RpcTimeoutException, unknownOrderOf } from '@copytrade/nest';
import type { Response } from 'express';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { placeOrderResponse } from './place-order.response';

/**
 * Sends an order to the brokerage. When its reply does not come in time the order may still have been placed,
 * so the answer is never a 5xx: it is 202 with the outcome unknown (the stored state when the brokerage can
 * tell it, else what the request named), and the client asks again with the same request id.
 */
@Injectable()
export class OrderPlacement {
  private readonly logger = new Logger(OrderPlacement.name);

  constructor(private readonly rpc: RpcClient) {}

  async place(
    pattern: string,
    payload: PlaceOrderRpcRequest,
    request: GatewayRequest,
    response: Response,
  ): Promise<PlaceOrderResponse> {
    const context = rpcContextOf(request);
    let reply: PlaceOrderRpcReply;
    try {
      reply = await this.rpc.request<PlaceOrderRpcRequest, PlaceOrderRpcReply>(
        pattern,
        payload,
        context,
        BROKERAGE_ORDER_RPC_TIMEOUT_MS,
      );
    } catch (error) {
      if (!(error instanceof RpcTimeoutException)) throw error;
      this.logger.warn(
        { traceId: context.requestId, idempotencyKey: payload.requestId },
        'No reply to an order in time: its outcome is unknown',
      );
      reply = { order: await this.storedOrUnknown(payload, request), replayed: false };
    }
    return placeOrderResponse(reply, response);
  }

  private async storedOrUnknown(payload: PlaceOrderRpcRequest, request: GatewayRequest): Promise<PlacedOrderView> {
    const stored = await this.rpc
      .request<GetPlacedOrderRpcRequest, GetPlacedOrderRpcReply>(
        BrokerageRpc.getPlacedOrder,
        { userId: payload.userId, requestId: payload.requestId },
        rpcContextOf(request),
      )
      .catch(() => ({ order: null }));
    return stored.order ?? unknownOrderOf(payload);
  }
}
