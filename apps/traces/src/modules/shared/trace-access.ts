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

export interface Viewer extends TraceViewerView {
  tierRank: number | null;
}

/** Access (seed 000 §4): the owner, or a user whose subscription to the trace is active. */
export async function viewerOf(manager: EntityManager, trace: TraceEntity, userId: string): Promise<Viewer> {
  const isOwner = trace.ownerUserId === userId;
  const subscription = await manager.findOneBy(SubscriptionEntity, { traceId: trace.id, userId, status: 'active' });
  const tier = subscription ? await manager.findOneBy(TierEntity, { id: subscription.tierId }) : null;
  return {
    isOwner,
    isSubscribed: subscription !== null,
    hasAccess: isOwner || subscription !== null,
    tier: tier?.name ?? null,
    tierRank: tier?.rank ?? null,
  };
}
