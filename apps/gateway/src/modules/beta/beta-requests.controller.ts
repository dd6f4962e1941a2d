import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BetaMessages,
  IdentityBetaRpc,
  ListBetaRequestsQueryDto,
  type ApproveBetaRequestResponse,
  type ApproveBetaRequestRpcReply,
  type ApproveBetaRequestRpcRequest,
  type BetaRequestsResponse,
  type ListBetaRequestsRpcReply,
  type ListBetaRequestsRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** Admins review waiting beta requests and approve them (which e-mails a code). */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/beta-requests')
export class BetaRequestsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@Query() query: ListBetaRequestsQueryDto, @Req() request: GatewayRequest): Promise<BetaRequestsResponse> {
    const { page, limit, status } = query;
    const reply = await this.rpc.request<ListBetaRequestsRpcRequest, ListBetaRequestsRpcReply>(
      IdentityBetaRpc.listRequests,
      { page, limit, status },
      rpcContextOf(request),
    );
    return { success: true, requests: reply.requests, page, limit, total: reply.total };
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest('id must be a valid id') }))
    id: string,
    @Req() request: GatewayRequest,
  ): Promise<ApproveBetaRequestResponse> {
    const reply = await this.rpc.request<ApproveBetaRequestRpcRequest, ApproveBetaRequestRpcReply>(
      IdentityBetaRpc.approveRequest,
      { id },
      rpcContextOf(request),
    );
    return { success: true, request: reply.request, message: BetaMessages.requestApproved };
  }
}
