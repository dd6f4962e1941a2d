import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  TracesRpc,
  type ListOwnedTracesRpcReply,
  type ListSubscriptionsRpcReply,
  type ListSubscriptionsRpcRequest,
  type OwnedTracesResponse,
  type SubscriptionsResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The sidebar lists. A userId that is not the session's user is refused, whatever else the request says. */
@ApiTags('traces')
@Controller('api')
export class TracesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('subscriptions/:userId')
  async subscriptions(
    @Param(
      'userId',
      new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest('userId must be a valid id') }),
    )
    userId: string,
    @Req() request: GatewayRequest,
  ): Promise<SubscriptionsResponse> {
    const reply = await this.rpc.request<ListSubscriptionsRpcRequest, ListSubscriptionsRpcReply>(
      TracesRpc.listSubscriptions,
      { userId },
      rpcContextOf(request),
    );
    return { success: true, subscriptions: reply.subscriptions };
  }

  @Get('owned-traces')
  async ownedTraces(@Req() request: GatewayRequest): Promise<OwnedTracesResponse> {
    const reply = await this.rpc.request<Record<string, never>, ListOwnedTracesRpcReply>(
      TracesRpc.listOwnedTraces,
      {},
      rpcContextOf(request),
    );
    return { success: true, ownedTraces: reply.ownedTraces };
  }
}
