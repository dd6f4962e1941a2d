import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  OWNER_TRADES_RPC_TIMEOUT_MS,
  OwnerTradesMessages,
  OwnerTradesRpc,
  ShareTradeDto,
  type CleanupTradesResponse,
  type CleanupTradesRpcReply,
  type OwnerTradesResponse,
  type OwnerTradesRpcReply,
  type OwnerTradesRpcRequest,
  type ShareTradeResponse,
  type ShareTradeRpcReply,
  type ShareTradeRpcRequest,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest(`${name} must be a valid id`) });

/**
 * The owner's Trade Manager (docs/product.md#trade-manager): the open trades after a sync from the owner's brokerage,
 * cleanup, and sharing. The traces service refuses every call but the trace owner's (403 NOT_TRACE_OWNER, admins
 * included; 404 for an unknown trace); signed out is 401 here.
 */
@ApiTags('trace-owner')
@Controller('api')
export class TraceOwnerTradesController {
  constructor(private readonly rpc: RpcClient) {}

  /** Every open trade in one answer: the traces service replies a page at a time (a sync, then the first page). */
  @Get('trace-owner/:traceId/snaptrade-trades')
  async trades(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerTradesResponse> {
    const context = rpcContextOf(request);
    const page = (cursor?: string) =>
      this.rpc.request<OwnerTradesRpcRequest, OwnerTradesRpcReply>(
        OwnerTradesRpc.list,
        { traceId, cursor },
        context,
        OWNER_TRADES_RPC_TIMEOUT_MS,
      );
    const first = await page();
    const trades = [...first.trades];
    for (let cursor = first.nextCursor; cursor !== undefined;) {
      const next = await page(cursor);
      for (const trade of next.trades) trades.push(trade);
      cursor = next.nextCursor;
    }
    return { success: true, trades, totalCount: first.totalCount, sharedCount: first.sharedCount };
  }

  @Delete('trace-owner/:traceId/cleanup-trades')
  async cleanup(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<CleanupTradesResponse> {
    const results = await this.rpc.request<TraceIdRpcRequest, CleanupTradesRpcReply>(
      OwnerTradesRpc.cleanup,
      { traceId },
      rpcContextOf(request),
      OWNER_TRADES_RPC_TIMEOUT_MS,
    );
    return { success: true, results };
  }

  @Post('trace-owner/:traceId/share-trade')
  @HttpCode(200)
  async share(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Body() body: ShareTradeDto,
    @Req() request: GatewayRequest,
  ): Promise<ShareTradeResponse> {
    const reply = await this.rpc.request<ShareTradeRpcRequest, ShareTradeRpcReply>(
      OwnerTradesRpc.share,
      { ...body, traceId },
      rpcContextOf(request),
    );
    return { success: true, message: OwnerTradesMessages.shared, trade: reply.trade };
  }
}
