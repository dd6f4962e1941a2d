import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BrokerageRpc,
  PlaceMarketOrderDto,
  type PaperMarketResponse,
  type PaperMarketRpcReply,
  type PaperMarketRpcRequest,
  type PaperPortalConnectResponse,
  type PaperPortalConnectRpcReply,
  type PaperPortalRpcReply,
  type PaperPortalRpcRequest,
  type PaperPortalSessionResponse,
  type PlaceOrderResponse,
  type PlaceOrderRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { InvalidatesBrokerageReads } from '../brokerage/brokerage-writes.interceptor';
import { orderRequestId } from '../order-request-id/order-request-id';
import { OrderPlacement } from './order-placement.service';

const SessionIdParam = new ParseUUIDPipe({
  exceptionFactory: () => DomainException.notFound('This connection link is invalid.', 'PORTAL_SESSION_NOT_FOUND'),
});

/** The paper broker's pages: its stand-in connection portal and its trading page. Session users only, their own data only. */
@ApiTags('paper')
@Controller('api/paper')
export class GatewayPaperController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly orders: OrderPlacement,
  ) {}

  @Get('portal/:sessionId')
  async portal(
    @Param('sessionId', SessionIdParam) sessionId: string,
    @Req() request: GatewayRequest,
  ): Promise<PaperPortalSessionResponse> {
    const reply = await this.rpc.request<PaperPortalRpcRequest, PaperPortalRpcReply>(
      BrokerageRpc.paperPortalGet,
      { sessionId },
      rpcContextOf(request),
    );
    return { success: true, session: reply.session };
  }

  @InvalidatesBrokerageReads()
  @Post('portal/:sessionId/connect')
  @HttpCode(200)
  async connect(
    @Param('sessionId', SessionIdParam) sessionId: string,
    @Req() request: GatewayRequest,
  ): Promise<PaperPortalConnectResponse> {
    const reply = await this.rpc.request<PaperPortalRpcRequest, PaperPortalConnectRpcReply>(
      BrokerageRpc.paperPortalConnect,
      { sessionId },
      rpcContextOf(request),
    );
    return { success: true, connectionId: reply.connectionId, redirectUrl: reply.redirectUrl };
  }

  /** Market status and quotes for the trading page: `?symbols=AAPL,MSFT` (up to 10, tickers or OCC symbols). */
  @Get('market')
  async market(
    @Query('symbols') symbols: string | undefined,
    @Req() request: GatewayRequest,
  ): Promise<PaperMarketResponse> {
    const list =
      typeof symbols === 'string' && symbols.trim()
        ? symbols
            .split(',')
            .map((symbol) => symbol.trim())
            .filter(Boolean)
        : [];
    const reply = await this.rpc.request<PaperMarketRpcRequest, PaperMarketRpcReply>(
      BrokerageRpc.paperMarket,
      { symbols: list },
      rpcContextOf(request),
    );
    return { success: true, market: reply.market, quotes: reply.quotes };
  }

  /**
   * A market order on the session user's own paper account (the primary one unless accountId is given). The
   * X-Request-ID header is the order's idempotency key; the call's trace id (logs, error bodies) is its own.
   */
  @InvalidatesBrokerageReads()
  @Post('orders')
  async placeOrder(
    @Body() body: PlaceMarketOrderDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PlaceOrderResponse> {
    const { accountId, action, ...order } = body;
    const payload: PlaceOrderRpcRequest = {
      userId: request.user!.id,
      accountId,
      requestId: orderRequestId(request),
      order: { ...order, action: action.toUpperCase() as 'BUY' | 'SELL' },
      requireProvider: 'paper',
    };
    return this.orders.place(BrokerageRpc.placeOrder, payload, request, response);
  }
}
