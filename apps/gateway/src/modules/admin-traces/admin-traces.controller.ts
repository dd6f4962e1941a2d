import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminBodyDto,
  AdminCreateTraceDto,
  AdminListTracesDto,
  AdminTraceIdDto,
  AdminTracesRpc,
  AdminUpdateTraceOwnerDto,
  TracesMessages,
  type AdminCreateTraceRpcRequest,
  type AdminDeleteTraceResponse,
  type AdminDeleteTraceRpcReply,
  type AdminListTracesRpcRequest,
  type AdminOnboardingTraderResponse,
  type AdminOnboardingTraderRpcReply,
  type AdminSetOnboardingTraderResponse,
  type AdminTraceChangeRpcReply,
  type AdminTraceIdRpcRequest,
  type AdminTraceResponse,
  type AdminTracesResponse,
  type AdminTracesRpcReply,
  type AdminUpdateTraceOwnerRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { withoutUserId } from '../auth/admin-body';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** Admin trace management (docs/product.md#admin-panel): admins only, each change audit-logged by the admin service. */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class GatewayAdminTracesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('traces')
  @HttpCode(200)
  async list(@Body() body: AdminListTracesDto, @Req() request: GatewayRequest): Promise<AdminTracesResponse> {
    const reply = await this.rpc.request<AdminListTracesRpcRequest, AdminTracesRpcReply>(
      AdminTracesRpc.list,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, traces: reply.traces };
  }

  @Post('create-trace')
  @HttpCode(200)
  async create(@Body() body: AdminCreateTraceDto, @Req() request: GatewayRequest): Promise<AdminTraceResponse> {
    const reply = await this.rpc.request<AdminCreateTraceRpcRequest, AdminTraceChangeRpcReply>(
      AdminTracesRpc.create,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: TracesMessages.traceCreated, trace: reply.trace };
  }

  @Post('update-trace-owner')
  @HttpCode(200)
  async updateOwner(
    @Body() body: AdminUpdateTraceOwnerDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminTraceResponse> {
    const reply = await this.rpc.request<AdminUpdateTraceOwnerRpcRequest, AdminTraceChangeRpcReply>(
      AdminTracesRpc.updateOwner,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: TracesMessages.ownerUpdated, trace: reply.trace };
  }

  @Post('onboarding-trader')
  @HttpCode(200)
  async onboardingTrader(
    @Body() _body: AdminBodyDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminOnboardingTraderResponse> {
    const reply = await this.rpc.request<Record<string, never>, AdminOnboardingTraderRpcReply>(
      AdminTracesRpc.getOnboardingTrader,
      {},
      rpcContextOf(request),
    );
    return { success: true, onboardingTrader: reply.onboardingTrader };
  }

  @Post('set-onboarding-trader')
  @HttpCode(200)
  async setOnboardingTrader(
    @Body() body: AdminTraceIdDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminSetOnboardingTraderResponse> {
    const reply = await this.rpc.request<AdminTraceIdRpcRequest, AdminTraceChangeRpcReply>(
      AdminTracesRpc.setOnboardingTrader,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: TracesMessages.onboardingTraderSet, onboardingTrader: reply.trace };
  }

  @Post('delete-trace')
  @HttpCode(200)
  async delete(@Body() body: AdminTraceIdDto, @Req() request: GatewayRequest): Promise<AdminDeleteTraceResponse> {
    const reply = await this.rpc.request<AdminTraceIdRpcRequest, AdminDeleteTraceRpcReply>(
      AdminTracesRpc.delete,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return {
      success: true,
      message: TracesMessages.traceDeleted,
      endedSubscriptions: reply.endedSubscriptions,
      deletedTrades: reply.deletedTrades,
    };
  }
}
