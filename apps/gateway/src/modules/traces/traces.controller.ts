import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AutoSubscribeDto,
  FALLBACK_ONBOARDING_TRADER,
  ListTracesQueryDto,
  ListTradesQueryDto,
  SubscribeDto,
  TracesMessages,
  TracesRpc,
  UnsubscribeDto,
  type AutoSubscribeResponse,
  type GetTraceRpcReply,
  type ListOwnedTracesRpcReply,
  type ListSubscriptionsRpcReply,
  type ListSubscriptionsRpcRequest,
  type ListTiersRpcReply,
  type ListTracesRpcReply,
  type ListTradesRpcReply,
  type ListTradesRpcRequest,
  type OnboardingTraderResponse,
  type OnboardingTraderRpcReply,
  type OwnedTracesResponse,
  type SubscribeResponse,
  type SubscriptionRpcReply,
  type SubscriptionsResponse,
  type TiersResponse,
  type TraceIdRpcRequest,
  type TraceResponse,
  type TracesListResponse,
  type TradesResponse,
  type UnsubscribeResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { TracesReadCache, type JsonBody } from './traces-read-cache.service';
import { TracesReadsInterceptor } from './traces-reads.interceptor';

const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest(`${name} must be a valid id`) });

/** The cached reads' handlers answer their JSON body as it is (a string). */
const JSON_BODY = ['Content-Type', 'application/json; charset=utf-8'] as const;

/**
 * Discovery, trace pages, subscriptions, the sidebar lists and the onboarding trader. Every call is for a
 * signed-in user; a userId that is not the session's user is refused by the traces service (403). The list of
 * traces, the trace page and its trades go through TracesReadCache (read-your-writes: see there), which gives
 * their JSON bodies ready to send; a repeated URL whose answer is cached is answered by TracesReadsInterceptor.
 */
@ApiTags('traces')
@Controller('api')
export class TracesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: TracesReadCache,
  ) {}

  @Get('traces')
  @Header(...JSON_BODY)
  @UseInterceptors(TracesReadsInterceptor)
  list(@Query() query: ListTracesQueryDto, @Req() request: GatewayRequest): Promise<JsonBody<TracesListResponse>> {
    return this.reads.list(
      query,
      () =>
        this.rpc.request<ListTracesQueryDto, ListTracesRpcReply>(TracesRpc.listTraces, query, rpcContextOf(request)),
      request.originalUrl,
    );
  }

  @Get('traces/:id')
  @Header(...JSON_BODY)
  @UseInterceptors(TracesReadsInterceptor)
  trace(
    @Param('id', uuidParam('id')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<JsonBody<TraceResponse>> {
    return this.reads.trace(
      request.user!.id,
      traceId,
      () =>
        this.rpc.request<TraceIdRpcRequest, GetTraceRpcReply>(TracesRpc.getTrace, { traceId }, rpcContextOf(request)),
      request.originalUrl,
    );
  }

  @Get('traces/:id/tiers')
  async tiers(@Param('id', uuidParam('id')) traceId: string, @Req() request: GatewayRequest): Promise<TiersResponse> {
    const reply = await this.rpc.request<TraceIdRpcRequest, ListTiersRpcReply>(
      TracesRpc.listTiers,
      { traceId },
      rpcContextOf(request),
    );
    return { success: true, tiers: reply.tiers, betaFreeAccess: true };
  }

  @Get('traces/:id/trades')
  @Header(...JSON_BODY)
  @UseInterceptors(TracesReadsInterceptor)
  trades(
    @Param('id', uuidParam('id')) traceId: string,
    @Query() query: ListTradesQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<JsonBody<TradesResponse>> {
    return this.reads.trades(
      request.user!.id,
      traceId,
      query,
      () =>
        this.rpc.request<ListTradesRpcRequest, ListTradesRpcReply>(
          TracesRpc.listTrades,
          { ...query, traceId },
          rpcContextOf(request),
        ),
      request.originalUrl,
    );
  }

  @Post('subscribe')
  @HttpCode(200)
  async subscribe(@Body() body: SubscribeDto, @Req() request: GatewayRequest): Promise<SubscribeResponse> {
    const reply = await this.droppingAfter(body.traceId, () =>
      this.rpc.request<SubscribeDto, SubscriptionRpcReply>(
        TracesRpc.subscribe,
        { userId: body.userId, traceId: body.traceId, tierId: body.tierId },
        rpcContextOf(request),
      ),
    );
    return { success: true, message: TracesMessages.subscribed, subscription: reply.subscription };
  }

  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Body() body: UnsubscribeDto, @Req() request: GatewayRequest): Promise<UnsubscribeResponse> {
    await this.droppingAfter(body.traceId, () =>
      this.rpc.request<UnsubscribeDto, { ended: true }>(
        TracesRpc.unsubscribe,
        { userId: body.userId, traceId: body.traceId },
        rpcContextOf(request),
      ),
    );
    return { success: true, message: TracesMessages.unsubscribed };
  }

  @Get('subscriptions/:userId')
  async subscriptions(
    @Param('userId', uuidParam('userId')) userId: string,
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

  /** The designated trader, or the documented fallback values (isFallback) when none is designated. */
  @Get('onboarding-trader')
  async onboardingTrader(@Req() request: GatewayRequest): Promise<OnboardingTraderResponse> {
    const { trader } = await this.rpc.request<Record<string, never>, OnboardingTraderRpcReply>(
      TracesRpc.getOnboardingTrader,
      {},
      rpcContextOf(request),
    );
    return trader
      ? { success: true, trader, isFallback: false }
      : { success: true, trader: { ...FALLBACK_ONBOARDING_TRADER, trades: [] }, isFallback: true };
  }

  @Post('auto-subscribe')
  @HttpCode(200)
  async autoSubscribe(@Body() body: AutoSubscribeDto, @Req() request: GatewayRequest): Promise<AutoSubscribeResponse> {
    const reply = await this.droppingAfter(undefined, () =>
      this.rpc.request<AutoSubscribeDto, SubscriptionRpcReply>(
        TracesRpc.autoSubscribe,
        { userId: body.userId },
        rpcContextOf(request),
      ),
    );
    return { success: true, message: TracesMessages.autoSubscribed, subscription: reply.subscription };
  }

  /**
   * A subscription change answered through this replica drops its cached reads here as well, whatever the
   * outcome (the service's broadcast does it on every replica; this one then never depends on its timing).
   */
  private async droppingAfter<T>(traceId: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.reads.dropTrace(traceId);
    }
  }
}
