import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_DEFAULT_SHARE_TIER,
  ADMIN_PAGE_SIZE,
  AdminListTradesDto,
  adminPaginationOf,
  AdminShareTradeDto,
  AdminTradeIdDto,
  AdminTradesMessages,
  AdminTradesRpc,
  type AdminDeleteTradeResponse,
  type AdminDeleteTradeRpcReply,
  type AdminListTradesRpcRequest,
  type AdminShareTradeRpcRequest,
  type AdminTradeChangeResponse,
  type AdminTradeChangeRpcReply,
  type AdminTradeIdRpcRequest,
  type AdminTradesResponse,
  type AdminTradesRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { withoutUserId } from '../auth/admin-body';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * The admin panel's Trades tab (docs/product.md#admin-panel): admins only; the admin service audit-logs each change.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class GatewayAdminTradesController {
  constructor(private readonly rpc: RpcClient) {}

  /** Pages of 25 from page 1 (docs/product.md#business-constants), filtered by symbol, trace and shared flag. */
  @Post('trades')
  @HttpCode(200)
  async list(@Body() body: AdminListTradesDto, @Req() request: GatewayRequest): Promise<AdminTradesResponse> {
    const payload = withoutUserId(body);
    const reply = await this.rpc.request<AdminListTradesRpcRequest, AdminTradesRpcReply>(
      AdminTradesRpc.list,
      payload,
      rpcContextOf(request),
    );
    const pagination = adminPaginationOf(payload.page ?? 1, payload.limit ?? ADMIN_PAGE_SIZE, reply.total);
    return { success: true, trades: reply.trades, pagination };
  }

  /** Shared at requiredTier (premium by default) with TradeShared, as an owner's share. */
  @Post('share-trade')
  @HttpCode(200)
  async share(@Body() body: AdminShareTradeDto, @Req() request: GatewayRequest): Promise<AdminTradeChangeResponse> {
    const reply = await this.rpc.request<AdminShareTradeRpcRequest, AdminTradeChangeRpcReply>(
      AdminTradesRpc.share,
      withoutUserId(body),
      rpcContextOf(request),
    );
    const tier = body.requiredTier ?? ADMIN_DEFAULT_SHARE_TIER;
    return { success: true, message: AdminTradesMessages.tradeShared(tier), trade: reply.trade };
  }

  /** Existing copies stay untouched. */
  @Post('unshare-trade')
  @HttpCode(200)
  async unshare(@Body() body: AdminTradeIdDto, @Req() request: GatewayRequest): Promise<AdminTradeChangeResponse> {
    const reply = await this.rpc.request<AdminTradeIdRpcRequest, AdminTradeChangeRpcReply>(
      AdminTradesRpc.unshare,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: AdminTradesMessages.tradeUnshared, trade: reply.trade };
  }

  /** The trade goes; its copies are kept with their copiers, as the message says. */
  @Post('delete-trade')
  @HttpCode(200)
  async delete(@Body() body: AdminTradeIdDto, @Req() request: GatewayRequest): Promise<AdminDeleteTradeResponse> {
    const reply = await this.rpc.request<AdminTradeIdRpcRequest, AdminDeleteTradeRpcReply>(
      AdminTradesRpc.delete,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: AdminTradesMessages.tradeDeleted(reply.copiesKept), copiesKept: reply.copiesKept };
  }
}
