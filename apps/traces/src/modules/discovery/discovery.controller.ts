import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ListTracesRpcCall,
  ListTradesRpcCall,
  TraceIdRpcCall,
  TracesRpc,
  type GetTraceRpcReply,
  type ListTiersRpcReply,
  type ListTracesRpcReply,
  type ListTradesRpcReply,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { TierEntity } from '../shared/entities';
import { findTraceOrThrow, requireActor } from '../shared/trace-access';
import { toTierView } from '../shared/trace-views';
import { TracesConfig } from '../../config/traces.config';
import { listTracesCache, traceAccessCache, tradesCache } from './discovery-read-cache';
import { GetTraceUseCase } from './use-cases/get-trace.use-case';
import { ListTracesUseCase } from './use-cases/list-traces.use-case';
import { ListTradesUseCase } from './use-cases/list-trades.use-case';

/**
 * Discovery and the trace page's reads (signed-in users only). The list, the page and the trades say in `cache` how
 * the gateway may keep them (discovery-read-cache.ts).
 */
@Controller()
export class DiscoveryController {
  /** The gateway may keep these reads this long (0: not at all). */
  private readonly freshForMs: number;

  constructor(
    @Inject(TracesConfig) config: TracesConfig,
    private readonly dataSource: DataSource,
    private readonly listTracesUseCase: ListTracesUseCase,
    private readonly getTraceUseCase: GetTraceUseCase,
    private readonly listTradesUseCase: ListTradesUseCase,
  ) {
    this.freshForMs = config.TRACES_READ_CACHE_TTL_SECONDS * 1000;
  }

  @MessagePattern(TracesRpc.listTraces)
  async listTraces(@Payload() { actor, payload }: ListTracesRpcCall): Promise<ListTracesRpcReply> {
    requireActor(actor);
    return { ...(await this.listTracesUseCase.execute(payload)), cache: listTracesCache(this.freshForMs) };
  }

  @MessagePattern(TracesRpc.getTrace)
  async getTrace(@Payload() request: TraceIdRpcCall): Promise<GetTraceRpcReply> {
    const reply = await this.getTraceUseCase.execute(request);
    return { ...reply, cache: traceAccessCache(request.payload.traceId, reply.trace.viewer, this.freshForMs) };
  }

  /** In rank order: free, basic, premium, vip (the first is what Subscribe uses). */
  @MessagePattern(TracesRpc.listTiers)
  async listTiers(@Payload() { actor, payload }: TraceIdRpcCall): Promise<ListTiersRpcReply> {
    requireActor(actor);
    const trace = await findTraceOrThrow(this.dataSource.manager, payload.traceId);
    const tiers = await this.dataSource.manager.find(TierEntity, {
      where: { traceId: trace.id },
      order: { rank: 'ASC' },
    });
    return { tiers: tiers.map(toTierView) };
  }

  @MessagePattern(TracesRpc.listTrades)
  async listTrades(@Payload() request: ListTradesRpcCall): Promise<ListTradesRpcReply> {
    const reply = await this.listTradesUseCase.execute(request);
    const cache = tradesCache(request.payload.traceId, reply, request.payload.includeRealtimeData, this.freshForMs);
    return cache ? { ...reply, cache } : reply;
  }
}
