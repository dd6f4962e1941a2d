import type { RpcActor, TraceViewerView } from '@copytrade/contracts';
import { Messages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SubscriptionEntity, TierEntity, TraceEntity } from './entities';
import { TracesMessages } from '@copytrade/contracts';

export function requireActor(actor: RpcActor | undefined): RpcActor {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  return actor;
}

export async function findTraceOrThrow(manager: EntityManager, traceId: string): Promise<TraceEntity> {
  const trace = await manager.findOneBy(TraceEntity, { id: traceId });
  if (!trace) throw DomainException.notFound(TracesMessages.traceNotFound, 'TRACE_NOT_FOUND');
  return trace;
}

/**
 * The trace of an owner call (docs/product.md#people-and-roles): 404 when it does not exist, 403 NOT_TRACE_OWNER for
 * anyone but its owner — admins included, unless they own it.
 */
export async function requireTraceOwner(manager: EntityManager, traceId: string, actor: RpcActor | undefined) {
  const { userId } = requireActor(actor);
  const trace = await findTraceOrThrow(manager, traceId);
  if (trace.ownerUserId !== userId) throw new DomainException(403, 'NOT_TRACE_OWNER', TracesMessages.notTraceOwner);
  return trace;
}

export interface Viewer extends TraceViewerView {
  tierRank: number | null;
}

/**
 * Access (docs/product.md#states-and-transitions): the owner, or a user whose subscription to the trace is active. The
 * tier of the active subscription in one query (subscriptions are unique per trace and user).
 */
export async function viewerOf(manager: EntityManager, trace: TraceEntity, userId: string): Promise<Viewer> {
  const isOwner = trace.ownerUserId === userId;
  const tier = await manager
    .createQueryBuilder(TierEntity, 'tier')
    .innerJoin(SubscriptionEntity, 'subscription', '"subscription"."tier_id" = "tier"."id"')
    .where('"subscription"."trace_id" = :traceId AND "subscription"."user_id" = :userId', { traceId: trace.id, userId })
    .andWhere(`"subscription"."status" = 'active'`)
    .getOne();
  return {
    isOwner,
    isSubscribed: tier !== null,
    hasAccess: isOwner || tier !== null,
    tier: tier?.name ?? null,
    tierRank: tier?.rank ?? null,
  };
}
