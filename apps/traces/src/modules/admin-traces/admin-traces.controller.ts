import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminCreateTraceRpcCall,
  AdminListTracesRpcCall,
  AdminTraceIdRpcCall,
  AdminUpdateTraceOwnerRpcCall,
  ActorOnlyRpcCall,
  Messages,
  TracesAdminRpc,
  TracesMessages,
  TRACES_PAGE_MAX,
  type AdminDeleteTraceRpcReply,
  type AdminOnboardingTraderRpcReply,
  type AdminTraceChangeRpcReply,
  type AdminTracesRpcReply,
  type AdminTraceView,
  type RpcActor,
  type UserRefView,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext } from '@copytrade/nest';
import { DataSource, In, type EntityManager } from 'typeorm';
import { cardFiguresOf } from '../follower-results/follower-results.store';
import { IdentityUsers } from '../identity-users/identity-users';
import { OnboardingTraderEntity, PostEntity, SubscriptionEntity, TraceEntity, TradeEntity } from '../shared/entities';
import { createTrace } from '../shared/trace-factory';
import { findTraceOrThrow, requireActor } from '../shared/trace-access';
import { toAdminTraceView } from '../shared/trace-views';
import { SubscriptionLedger } from '../subscriptions/subscription-ledger';

const requireAdmin = (actor: RpcActor | undefined) => {
  if (!requireActor(actor).isAdmin) throw DomainException.forbidden(Messages.adminOnly);
};

/**
 * The admin panel's trace management. Called through the admin service, which records every change in its
 * audit log from the before → after answered here; admin rights are checked here too. Each trace comes with
 * its owner's username and e-mail from identity (one batched lookup per call, made outside any transaction;
 * null when identity does not answer in time, the list still answers).
 */
@Controller()
export class TracesAdminTracesController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: SubscriptionLedger,
    private readonly identityUsers: IdentityUsers,
  ) {}

  @MessagePattern(TracesAdminRpc.list)
  async list(@Payload() { actor, payload, requestId }: AdminListTracesRpcCall): Promise<AdminTracesRpcReply> {
    requireAdmin(actor);
    const traces = await this.dataSource.manager.find(TraceEntity, {
      order: { createdAt: 'DESC', id: 'ASC' },
      take: payload.limit ?? TRACES_PAGE_MAX,
      skip: payload.offset ?? 0,
    });
    return { traces: await this.views(this.dataSource.manager, traces, this.ownersOf(traces, { requestId, actor })) };
  }

  /** The owner must be an existing user (asked of identity first): 404 USER_NOT_FOUND otherwise, nothing created. */
  @MessagePattern(TracesAdminRpc.create)
  async create(@Payload() { actor, payload, requestId }: AdminCreateTraceRpcCall): Promise<AdminTraceChangeRpcReply> {
    requireAdmin(actor);
    const owner = await this.identityUsers.requireUser(payload.ownerId, { requestId, actor });
    return this.dataSource.transaction(async (manager) => {
      const trace = await createTrace(manager, {
        ownerUserId: payload.ownerId,
        name: payload.name,
        handle: payload.handle,
        description: payload.description,
        bio: payload.bio,
        avatarUrl: payload.avatar ?? null,
        tradingStyle: payload.tradingStyle,
        riskLevel: payload.riskLevel,
        minInvestment: payload.minInvestment,
        isVerified: payload.isVerified,
        isFeatured: payload.isFeatured,
      });
      const [view] = await this.views(manager, [trace], new Map([[owner.id, owner]]));
      return { trace: view, before: null, after: { ...view } };
    });
  }

  /** The new owner must be an existing user, as for create: 404 USER_NOT_FOUND otherwise, the owner unchanged. */
  @MessagePattern(TracesAdminRpc.updateOwner)
  async updateOwner(
    @Payload() { actor, payload, requestId }: AdminUpdateTraceOwnerRpcCall,
  ): Promise<AdminTraceChangeRpcReply> {
    requireAdmin(actor);
    const owner = await this.identityUsers.requireUser(payload.newOwnerId, { requestId, actor });
    return this.dataSource.transaction(async (manager) => {
      const trace = await findTraceOrThrow(manager, payload.traceId);
      const before = { traceId: trace.id, ownerId: trace.ownerUserId };
      await manager.update(TraceEntity, { id: trace.id }, { ownerUserId: payload.newOwnerId });
      // The new owner has full access as owner; a subscription of theirs to their own trace would be meaningless.
      const own = await manager.findOneBy(SubscriptionEntity, {
        traceId: trace.id,
        userId: payload.newOwnerId,
        status: 'active',
      });
      if (own) {
        await this.ledger.lockTrace(manager, trace.id);
        await this.ledger.end(manager, own, 'unsubscribed', `admin-owner-change:${trace.id}`);
      }
      const updated = await findTraceOrThrow(manager, trace.id);
      const [view] = await this.views(manager, [updated], new Map([[owner.id, owner]]));
      return { trace: view, before, after: { traceId: trace.id, ownerId: payload.newOwnerId } };
    });
  }

  @MessagePattern(TracesAdminRpc.getOnboardingTrader)
  async getOnboardingTrader(@Payload() { actor, requestId }: ActorOnlyRpcCall): Promise<AdminOnboardingTraderRpcReply> {
    requireAdmin(actor);
    const setting = await this.dataSource.manager.findOneBy(OnboardingTraderEntity, { singleton: true });
    if (!setting) return { onboardingTrader: null };
    const trace = await findTraceOrThrow(this.dataSource.manager, setting.traceId);
    const [view] = await this.views(this.dataSource.manager, [trace], this.ownersOf([trace], { requestId, actor }));
    return { onboardingTrader: view };
  }

  @MessagePattern(TracesAdminRpc.setOnboardingTrader)
  async setOnboardingTrader(
    @Payload() { actor, payload, requestId }: AdminTraceIdRpcCall,
  ): Promise<AdminTraceChangeRpcReply> {
    requireAdmin(actor);
    const { trace, previous } = await this.dataSource.transaction(async (manager) => {
      const trace = await findTraceOrThrow(manager, payload.traceId);
      const previous = await manager.findOneBy(OnboardingTraderEntity, { singleton: true });
      await manager.upsert(OnboardingTraderEntity, { singleton: true, traceId: trace.id, updatedBy: actor!.userId }, [
        'singleton',
      ]);
      return { trace, previous };
    });
    const [view] = await this.views(this.dataSource.manager, [trace], this.ownersOf([trace], { requestId, actor }));
    return { trace: view, before: { traceId: previous?.traceId ?? null }, after: { traceId: trace.id } };
  }

  /**
   * Refused while the trace is the onboarding trader. Otherwise its active subscriptions end first, each with
   * SubscriptionEnded (reason 'trace-deleted') so copying stops, then the trace is deleted with its tiers,
   * trades, posts, likes and subscription rows (ON DELETE CASCADE).
   */
  @MessagePattern(TracesAdminRpc.delete)
  async delete(@Payload() { actor, payload, requestId }: AdminTraceIdRpcCall): Promise<AdminDeleteTraceRpcReply> {
    requireAdmin(actor);
    const reply = await this.dataSource.transaction(async (manager) => {
      const trace = await this.ledger.lockTrace(manager, payload.traceId);
      const designated = await manager.findOneBy(OnboardingTraderEntity, { singleton: true, traceId: trace.id });
      if (designated) throw new DomainException(409, 'ONBOARDING_TRADER', TracesMessages.cannotDeleteOnboardingTrader);
      const active = await manager.findBy(SubscriptionEntity, { traceId: trace.id, status: 'active' });
      for (const subscription of active) await this.ledger.end(manager, subscription, 'trace-deleted', requestId);
      const deletedTrades = await manager.countBy(TradeEntity, { traceId: trace.id });
      const [before] = await this.views(manager, [trace]);
      await manager.delete(TraceEntity, { id: trace.id });
      return { before: { ...before }, endedSubscriptions: active.length, deletedTrades };
    });
    this.ledger.kick();
    return reply;
  }

  /** Never rejects: an empty map when identity does not answer in time (see IdentityUsers.ownersOf). */
  private ownersOf(traces: TraceEntity[], context: RpcCallContext): Promise<Map<string, UserRefView>> {
    return this.identityUsers.ownersOf(
      traces.map((trace) => trace.ownerUserId),
      context,
    );
  }

  /** With `owners`, each owner's username and e-mail (null when unknown); without, the owner's id only. */
  private async views(
    manager: EntityManager,
    traces: TraceEntity[],
    owners?: Map<string, UserRefView> | Promise<Map<string, UserRefView>>,
  ): Promise<AdminTraceView[]> {
    if (traces.length === 0) return [];
    const ids = traces.map((trace) => trace.id);
    const count = async (entity: typeof TradeEntity | typeof PostEntity) => {
      const rows: Array<{ trace_id: string; count: string }> = await manager
        .getRepository(entity)
        .createQueryBuilder('row')
        .select('row.trace_id', 'trace_id')
        .addSelect('count(*)', 'count')
        .where({ traceId: In(ids) })
        .groupBy('row.trace_id')
        .getRawMany();
      return new Map(rows.map((row) => [row.trace_id, Number(row.count)]));
    };
    // One after another: inside a transaction the manager has a single connection, which runs one query at a time
    // (pg deprecates queuing them on it). The owners' lookup (identity, over NATS) runs meanwhile.
    const ownersLater = Promise.resolve(owners);
    ownersLater.catch(() => undefined); // awaited below: a failure meanwhile is not an unhandled rejection
    const trades = await count(TradeEntity);
    const posts = await count(PostEntity);
    const setting = await manager.findOneBy(OnboardingTraderEntity, { singleton: true });
    const figures = await cardFiguresOf(manager, ids);
    const ownerMap = await ownersLater;
    return traces.map((trace) => {
      const view = toAdminTraceView(
        trace,
        { subscriptions: trace.subscriberCount, trades: trades.get(trace.id) ?? 0, posts: posts.get(trace.id) ?? 0 },
        setting?.traceId === trace.id,
        figures.get(trace.id),
      );
      if (!ownerMap) return view;
      const owner = ownerMap.get(trace.ownerUserId);
      return {
        ...view,
        owner: { id: trace.ownerUserId, username: owner?.username ?? null, email: owner?.email ?? null },
      };
    });
  }
}
