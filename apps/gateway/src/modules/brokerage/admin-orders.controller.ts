import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BrokerageRpc,
  ResolveUnknownOrderDto,
  type ListUnknownOrdersRpcReply,
  type ResolveUnknownOrderResponse,
  type ResolveUnknownOrderRpcReply,
  type ResolveUnknownOrderRpcRequest,
  type UnknownOrdersResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * Orders whose outcome is unknown (sent, no certain answer, not found with certainty at the brokerage):
 * admins list them and, after checking at the brokerage, resolve each as placed or not placed. Admin only
 * here and again in the brokerage (the actor must be an admin); every resolution is audited there.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/orders/unknown')
export class AdminOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@Req() request: GatewayRequest): Promise<UnknownOrdersResponse> {
    const reply = await this.rpc.request<Record<string, never>, ListUnknownOrdersRpcReply>(
      BrokerageRpc.listUnknownOrders,
      {},
      rpcContextOf(request),
    );
    return { success: true, orders: reply.orders };
  }

  @Post(':id/resolve')
  @HttpCode(200)
  async resolve(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest('id must be a valid id') }))
    id: string,
    @Body() body: ResolveUnknownOrderDto,
    @Req() request: GatewayRequest,
  ): Promise<ResolveUnknownOrderResponse> {
    const reply = await this.rpc.request<ResolveUnknownOrderRpcRequest, ResolveUnknownOrderRpcReply>(
      BrokerageRpc.resolveUnknownOrder,
      { intentId: id, outcome: body.outcome, note: body.note, brokerageOrderId: body.brokerageOrderId },
      rpcContextOf(request),
    );
    return { success: true, resolution: reply.resolution };
  }
}
