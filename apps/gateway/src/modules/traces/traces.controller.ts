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
  TRACES_PAGE_DEFAULT,
  TRADES_PAGE_DEFAULT,
  TracesMessages,
  TracesRpc,
  UnsubscribeDto,
  tracesChangedTags,
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
import { CachedReadsInterceptor } from '../read-cache/cached-reads.interceptor';
import { ReadCacheInvalidation } from '../read-cache/read-cache-invalidation.service';
import { ReadCache } from '../read-cache/read-cache.service';
import type { JsonBody } from '../read-cache/json-body';

const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest(`${name} must be a valid id`) });

/** The cached reads' handlers answer their JSON body as it is (a string). */
const JSON_BODY = ['Content-Type', 'application/json; charset=utf-8'] as const;

/**
 * Discovery, trace pages, subscriptions, the sidebar lists and the onboarding trader. Every call is for a
 * signed-in user; a userId that is not the session's user is refused by the traces service (403). The list of
 * traces, the trace page and its trades go through ReadCache, kept as the traces service says in its replies
 * (docs/read-cache.md), and are answered as JSON bodies ready to send; a repeated URL whose answer is cached is
 * answered by CachedReadsInterceptor.
 */
@ApiTags('traces')
@Controller('api')
export class TracesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly reads: ReadCache,
    private readonly invalidation: ReadCacheInvalidation,
  ) {}

  @Get('traces')
  @Header(...JSON_BODY)
  @UseInterceptors(CachedReadsInterceptor)
  async list(
    @Query() query: ListTracesQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<JsonBody<TracesListResponse>> {
    const answer = await this.reads.read(
      {
        subject: TracesRpc.listTraces,
        userId: request.user!.id,
        params: listTracesParams(query),
        url: request.originalUrl,
      },
      () =>
        this.rpc.request<ListTracesQueryDto, ListTracesRpcReply>(TracesRpc.listTraces, query, rpcContextOf(request)),
      (reply): TracesListResponse => ({ success: true, ...reply }),
    );
    return answer.json;
  }

  @Get('traces/:id')
  @Header(...JSON_BODY)
  @UseInterceptors(CachedReadsInterceptor)
  async trace(
    @Param('id', uuidParam('id')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<JsonBody<TraceResponse>> {
    const answer = await this.reads.read(
      { subject: TracesRpc.getTrace, userId: request.user!.id, params: traceId, url: request.originalUrl },
      () =>
        this.rpc.request<TraceIdRpcRequest, GetTraceRpcReply>(TracesRpc.getTrace, { traceId }, rpcContextOf(request)),
      ({ trace: { viewer, ...trace } }): TraceResponse => ({ success: true, trace: { ...trace, viewer } }),
    );
    return answer.json;
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
  @UseInterceptors(CachedReadsInterceptor)
  async trades(
    @Param('id', uuidParam('id')) traceId: string,
    @Query() query: ListTradesQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<JsonBody<TradesResponse>> {
    const params = `${traceId}\n${query.limit ?? TRADES_PAGE_DEFAULT}\n${query.status ?? ''}\n${query.includeRealtimeData ?? ''}`;
    const answer = await this.reads.read(
      { subject: TracesRpc.listTrades, userId: request.user!.id, params, url: request.originalUrl },
      () =>
        this.rpc.request<ListTradesRpcRequest, ListTradesRpcReply>(
          TracesRpc.listTrades,
          { ...query, traceId },
          rpcContextOf(request),
        ),
      (reply): TradesResponse => ({ success: true, trades: reply.trades }),
    );
    return answer.json;
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
      this.invalidation.local(tracesChangedTags({ traceId }));
    }
  }
}

/** The validated query with the service's defaults filled in (same answer, same key). */
export function listTracesParams(query: ListTracesQueryDto): string {
  return JSON.stringify([
    query.search?.trim() ?? '',
    query.featured ?? null,
    query.category === 'All' ? null : (query.category ?? null),
    query.sortBy ?? 'return',
    query.limit ?? TRACES_PAGE_DEFAULT,
    query.offset ?? 0,
  ]);
}
