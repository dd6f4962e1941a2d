import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  COPY_GUARD_SWITCH_RPC_TIMEOUT_MS,
  CopyGuardMessages,
  CopyGuardsRpc,
  StopAllAutoCopyDto,
  TraceGuardsQueryDto,
  TraceGuardsRpc,
  UpdateFollowerGuardsDto,
  UpdateTraceGuardsDto,
  type FollowerGuardsResponse,
  type FollowerGuardsRpcReply,
  type FollowerRpcPayload,
  type ListTraceGuardsRpcPayload,
  type ListTraceGuardsRpcReply,
  type StopAllAutoCopyResponse,
  type StopAllAutoCopyRpcPayload,
  type StopAllAutoCopyRpcReply,
  type TraceGuardsListResponse,
  type TraceGuardsResponse,
  type TraceGuardsRpcPayload,
  type TraceGuardsRpcReply,
  type UpdateFollowerGuardsRpcPayload,
  type UpdateTraceGuardsRpcPayload,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const traceIdOf = (id: string) => {
  if (!UUID.test(id)) throw DomainException.badRequest(CopyGuardMessages.traceIdInvalid);
  return id;
};

/**
 * The session user's copy guards (the copy engine keeps them and applies them when it copies). The follower is
 * always the session's user: the body may not name one (400, unknown field) and a `user-id` header naming anyone
 * else is refused by the session guard. Nothing here is cached, so a change shows in the very next read.
 */
@ApiTags('copy-guards')
@Controller('api/copy-guards')
export class GatewayCopyGuardsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'The follower-wide copy guards and the automatic-copying kill switch' })
  async get(@Req() request: GatewayRequest): Promise<FollowerGuardsResponse> {
    const reply = await this.call<FollowerRpcPayload, FollowerGuardsRpcReply>(CopyGuardsRpc.get, {}, request);
    return { success: true, guards: reply.guards };
  }

  @Put()
  @ApiOperation({ summary: 'Change follower-wide copy guards (left out: unchanged; null: off)' })
  async update(@Body() body: UpdateFollowerGuardsDto, @Req() request: GatewayRequest): Promise<FollowerGuardsResponse> {
    const reply = await this.call<UpdateFollowerGuardsRpcPayload, FollowerGuardsRpcReply>(
      CopyGuardsRpc.update,
      {
        priceProtectionPercent: body.priceProtectionPercent,
        maxShareAgeMinutes: body.maxShareAgeMinutes,
        dailyLossLimit: body.dailyLossLimit,
        marketClosedPolicy: body.marketClosedPolicy,
        sizingMode: body.sizingMode,
        sizingPercent: body.sizingPercent,
        copyOpenPositions: body.copyOpenPositions,
      },
      request,
    );
    return { success: true, guards: reply.guards, message: CopyGuardMessages.saved };
  }

  @Post('stop-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop all automatic copying (optionally closing the automatic copies held)' })
  async stopAll(@Body() body: StopAllAutoCopyDto, @Req() request: GatewayRequest): Promise<StopAllAutoCopyResponse> {
    const reply = await this.call<StopAllAutoCopyRpcPayload, StopAllAutoCopyRpcReply>(
      CopyGuardsRpc.stopAll,
      { closeAutomaticCopies: body.closeAutomaticCopies === true },
      request,
      COPY_GUARD_SWITCH_RPC_TIMEOUT_MS,
    );
    return {
      success: true,
      guards: reply.guards,
      closeAutomaticCopies: reply.closeAutomaticCopies,
      closingCopies: reply.closingCopies,
      message: CopyGuardMessages.stopped,
    };
  }

  @Post('resume-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume automatic copying after Stop all' })
  async resumeAll(@Req() request: GatewayRequest): Promise<FollowerGuardsResponse> {
    const reply = await this.call<FollowerRpcPayload, FollowerGuardsRpcReply>(CopyGuardsRpc.resumeAll, {}, request);
    return { success: true, guards: reply.guards, message: CopyGuardMessages.resumed };
  }

  @Get('traces')
  @ApiOperation({ summary: "The follower's guards of several traces (traceIds=a,b; at most 100)" })
  async listTraces(
    @Query() query: TraceGuardsQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<TraceGuardsListResponse> {
    const reply = await this.call<ListTraceGuardsRpcPayload, ListTraceGuardsRpcReply>(
      TraceGuardsRpc.list,
      { traceIds: query.traceIds },
      request,
    );
    return { success: true, traceGuards: reply.traceGuards };
  }

  @Get('traces/:traceId')
  @ApiOperation({ summary: "The follower's guards of one trace" })
  async getTrace(@Param('traceId') traceId: string, @Req() request: GatewayRequest): Promise<TraceGuardsResponse> {
    const reply = await this.traceCall(TraceGuardsRpc.get, traceId, request);
    return { success: true, traceGuards: reply.traceGuards };
  }

  @Put('traces/:traceId')
  @ApiOperation({ summary: "Change one trace's copy stop-loss and price-protection override (null: off)" })
  async updateTrace(
    @Param('traceId') traceId: string,
    @Body() body: UpdateTraceGuardsDto,
    @Req() request: GatewayRequest,
  ): Promise<TraceGuardsResponse> {
    const reply = await this.call<UpdateTraceGuardsRpcPayload, TraceGuardsRpcReply>(
      TraceGuardsRpc.update,
      {
        traceId: traceIdOf(traceId),
        stopLossPercent: body.stopLossPercent,
        priceProtectionPercent: body.priceProtectionPercent,
      },
      request,
    );
    return { success: true, traceGuards: reply.traceGuards, message: CopyGuardMessages.saved };
  }

  @Post('traces/:traceId/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause automatic copying of one trace (the subscription and copying by hand stay)' })
  async pauseTrace(@Param('traceId') traceId: string, @Req() request: GatewayRequest): Promise<TraceGuardsResponse> {
    const reply = await this.traceCall(TraceGuardsRpc.pause, traceId, request, COPY_GUARD_SWITCH_RPC_TIMEOUT_MS);
    return { success: true, traceGuards: reply.traceGuards, message: CopyGuardMessages.tracePaused };
  }

  @Post('traces/:traceId/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume automatic copying of one trace' })
  async resumeTrace(@Param('traceId') traceId: string, @Req() request: GatewayRequest): Promise<TraceGuardsResponse> {
    const reply = await this.traceCall(TraceGuardsRpc.resume, traceId, request);
    return { success: true, traceGuards: reply.traceGuards, message: CopyGuardMessages.traceResumed };
  }

  private traceCall(
    pattern: string,
    traceId: string,
    request: GatewayRequest,
    timeoutMs?: number,
  ): Promise<TraceGuardsRpcReply> {
    return this.call<TraceGuardsRpcPayload, TraceGuardsRpcReply>(
      pattern,
      { traceId: traceIdOf(traceId) },
      request,
      timeoutMs,
    );
  }

  /** Every call names the session's user as the follower (the copy engine checks it is the actor). */
  private call<TPayload extends { userId: string }, TReply>(
    pattern: string,
    payload: Omit<TPayload, 'userId'>,
    request: GatewayRequest,
    timeoutMs?: number,
  ): Promise<TReply> {
    return this.rpc.request<TPayload, TReply>(
      pattern,
      { ...payload, userId: request.user!.id } as TPayload,
      rpcContextOf(request),
      timeoutMs,
    );
  }
}
