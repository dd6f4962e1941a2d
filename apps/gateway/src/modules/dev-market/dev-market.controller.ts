import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BROKERAGE_ORDER_RPC_TIMEOUT_MS,
  BrokerageRpc,
  DevPaperOrderDto,
  SetMarketHoursDto,
  SetMarketPriceDto,
  type DevMarketHoursResponse,
  type DevMarketPriceResponse,
  type DevSetMarketHoursRpcReply,
  type DevSetMarketHoursRpcRequest,
  type DevSetPriceRpcReply,
  type DevSetPriceRpcRequest,
  type PlaceOrderResponse,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { InvalidatesBrokerageReads } from '../brokerage/brokerage-writes.interceptor';
import { orderRequestId } from '../order-request-id/order-request-id';
import { placeOrderResponse } from '../paper/place-order.response';

/**
 * Controls of the paper market for demos and tests, for signed-in users. Registered only with DEV_TOOLS=true
 * (the service refuses them in production too).
 */
@ApiTags('dev')
@Controller('api/dev')
export class DevMarketController {
  constructor(private readonly rpc: RpcClient) {}

  @InvalidatesBrokerageReads('everyone')
  @Post('market/price')
  @HttpCode(200)
  async setPrice(@Body() body: SetMarketPriceDto, @Req() request: GatewayRequest): Promise<DevMarketPriceResponse> {
    const reply = await this.rpc.request<DevSetPriceRpcRequest, DevSetPriceRpcReply>(
      BrokerageRpc.devSetPrice,
      { symbol: body.symbol, price: body.price },
      rpcContextOf(request),
    );
    return { success: true, symbol: reply.symbol, price: reply.price };
  }

  /** `{open: true|false}` forces the market open or closed; `{open: null}` restores the configured hours. */
  @InvalidatesBrokerageReads('everyone')
  @Post('market/hours')
  @HttpCode(200)
  async setHours(@Body() body: SetMarketHoursDto, @Req() request: GatewayRequest): Promise<DevMarketHoursResponse> {
    const reply = await this.rpc.request<DevSetMarketHoursRpcRequest, DevSetMarketHoursRpcReply>(
      BrokerageRpc.devSetMarketHours,
      { open: body.open },
      rpcContextOf(request),
    );
    return { success: true, market: reply.market };
  }

  /** A paper market order in the session user's own account (X-Request-ID required, same idempotency as every order). */
  @InvalidatesBrokerageReads()
  @Post('paper/orders')
  async placeOrder(
    @Body() body: DevPaperOrderDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PlaceOrderResponse> {
    const { userId, accountId, action, ...order } = body;
    if (userId !== request.user?.id) throw DomainException.forbidden('You can only place orders in your own account.');
    const payload: PlaceOrderRpcRequest = {
      userId,
      accountId,
      requestId: orderRequestId(request),
      order: { ...order, action: action.toUpperCase() as 'BUY' | 'SELL' },
    };
    const reply = await this.rpc.request<PlaceOrderRpcRequest, PlaceOrderRpcReply>(
      BrokerageRpc.devPlaceOrder,
      payload,
      rpcContextOf(request),
      BROKERAGE_ORDER_RPC_TIMEOUT_MS,
    );
    return placeOrderResponse(reply, response);
  }
}
