import { Injectable } from '@nestjs/common';
import {
  ADMIN_PAGE_SIZE,
  AdminTradesMessages,
  Messages,
  OwnerTradesErrorCode,
  OwnerTradesMessages,
  type AdminListTradesDto,
  type RpcActor,
  type RpcRequest,
  type TracesAdminDeleteTradeRpcReply,
  type TracesAdminShareTradePayload,
  type TracesAdminTradeChangeRpcReply,
  type TracesAdminTradesRpcReply,
  type AdminTradeIdDto,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter } from '@copytrade/nest';
import { DataSource, In, type EntityManager } from 'typeorm';
import { TraceEntity, TradeEntity } from '../shared/entities';
import { requireActor } from '../shared/trace-access';
import { shareTradeAndPublish } from '../shared/trade-sharing';
import { auditStateOf, toAdminTradeRecord } from './admin-trade-record.mapper';

const requireAdmin = (actor: RpcActor | undefined) => {
  if (!requireActor(actor).isAdmin) throw DomainException.forbidden(Messages.adminOnly);
};

/**
 * The admin panel's trade management over every trace's trades (docs/product.md#admin-panel). Called through the admin
 * service, which adds copies and usernames and writes the audit log from the before → after answered here; admin
 * rights are checked here too.
 */
@Injectable()
export class AdminTradesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  /** Newest executed first; symbol matched exactly, case-insensitively (an option by its underlying). */
  async list({ actor, payload }: RpcRequest<AdminListTradesDto>): Promise<TracesAdminTradesRpcReply> {
    requireAdmin(actor);
    const limit = payload.limit ?? ADMIN_PAGE_SIZE;
    const page = payload.page ?? 1;
    const query = this.dataSource.manager
      .createQueryBuilder(TradeEntity, 'trade')
      .orderBy('trade.executed_at', 'DESC')
      .addOrderBy('trade.id', 'DESC')
      .take(limit)
      .skip((page - 1) * limit);
    if (payload.symbol) query.andWhere('upper(trade.symbol) = upper(:symbol)', { symbol: payload.symbol });
    if (payload.traceId) query.andWhere('trade.trace_id = :traceId', { traceId: payload.traceId });
    if (payload.isShared !== undefined) query.andWhere('trade.is_shared = :isShared', { isShared: payload.isShared });
    const [trades, total] = await query.getManyAndCount();
    const traces = await this.tracesOf(this.dataSource.manager, trades);
    return { trades: trades.map((trade) => toAdminTradeRecord(trade, traces.get(trade.traceId)!)), total };
  }

  /**
   * Shares a private open trade at `requiredTier` exactly as its owner would (shareTradeAndPublish: TradeShared in
   * the same transaction). Already shared: 409 TRADE_ALREADY_SHARED; closed: 409 TRADE_NOT_OPEN.
   */
  async share({
    actor,
    payload,
    requestId,
  }: RpcRequest<TracesAdminShareTradePayload>): Promise<TracesAdminTradeChangeRpcReply> {
    requireAdmin(actor);
    const reply = await this.dataSource.transaction(async (manager) => {
      const trade = await this.lockTrade(manager, payload.tradeId);
      if (trade.isShared)
        throw new DomainException(409, OwnerTradesErrorCode.TRADE_ALREADY_SHARED, OwnerTradesMessages.alreadyShared);
      if (trade.status !== 'open')
        throw new DomainException(409, OwnerTradesErrorCode.TRADE_NOT_OPEN, OwnerTradesMessages.notOpen);
      const trace = await manager.findOneByOrFail(TraceEntity, { id: trade.traceId });
      const shared = await shareTradeAndPublish(
        manager,
        this.outbox,
        trace,
        trade.id,
        { minTier: payload.requiredTier },
        { correlationId: requestId },
      );
      return { trade: toAdminTradeRecord(shared, trace), before: auditStateOf(trade), after: auditStateOf(shared) };
    });
    this.relay.kick();
    return reply;
  }

  /**
   * Shared → private: subscribers no longer see it, and it can no longer be copied (copy eligibility reads the
   * shared flag). Existing copies are untouched: they are the followers' own positions. No event: nothing that
   * consumes TradeShared acts on it again (each share is copied once), and the gateways drop their cached reads.
   */
  async unshare({ actor, payload }: RpcRequest<AdminTradeIdDto>): Promise<TracesAdminTradeChangeRpcReply> {
    requireAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const trade = await this.lockTrade(manager, payload.tradeId);
      if (!trade.isShared) throw new DomainException(409, 'TRADE_NOT_SHARED', AdminTradesMessages.notShared);
      await manager.update(TradeEntity, { id: trade.id }, { isShared: false, requiredTier: null, sharedAt: null });
      const unshared = await manager.findOneByOrFail(TradeEntity, { id: trade.id });
      const trace = await manager.findOneByOrFail(TraceEntity, { id: trade.traceId });
      return { trade: toAdminTradeRecord(unshared, trace), before: auditStateOf(trade), after: auditStateOf(unshared) };
    });
  }

  /**
   * Deletes the trade (its owner-sell records cascade). Its copies are not touched here: the admin service says so
   * in its answer (AdminTradesMessages.tradeDeleted). A brokerage trade whose position the owner still holds may
   * come back from the next sync as a new private trade.
   */
  async delete({ actor, payload }: RpcRequest<AdminTradeIdDto>): Promise<TracesAdminDeleteTradeRpcReply> {
    requireAdmin(actor);
    return this.dataSource.transaction(async (manager) => {
      const trade = await this.lockTrade(manager, payload.tradeId);
      await manager.delete(TradeEntity, { id: trade.id });
      return { before: auditStateOf(trade) };
    });
  }

  private async lockTrade(manager: EntityManager, tradeId: string): Promise<TradeEntity> {
    const trade = await manager.findOne(TradeEntity, { where: { id: tradeId }, lock: { mode: 'pessimistic_write' } });
    if (!trade) throw DomainException.notFound(AdminTradesMessages.tradeNotFound, OwnerTradesErrorCode.TRADE_NOT_FOUND);
    return trade;
  }

  private async tracesOf(manager: EntityManager, trades: TradeEntity[]): Promise<Map<string, TraceEntity>> {
    const ids = [...new Set(trades.map((trade) => trade.traceId))];
    if (ids.length === 0) return new Map();
    return new Map((await manager.findBy(TraceEntity, { id: In(ids) })).map((trace) => [trace.id, trace]));
  }
}
