import { Injectable } from '@nestjs/common';
import {
  SubscriptionEnded,
  SubscriptionStarted,
  TracesMessages,
  subscriptionAggregateId,
  type EventEnvelope,
  type SubscriptionStartedV1,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SubscriptionEntity, TierEntity, TraceEntity } from '../shared/entities';
import { tracesChangedAfterCommit } from '../traces-changes/traces-changes';

export interface StartSubscription {
  traceId: string;
  userId: string;
  /** The tier chosen; it must belong to the trace. */
  tierId: string;
  source: SubscriptionStartedV1['source'];
  correlationId: string;
}

export interface Started {
  subscription: SubscriptionEntity;
  trace: TraceEntity;
  tier: TierEntity;
  event: EventEnvelope<SubscriptionStartedV1>;
}

/**
 * Every change of a subscription, in the caller's transaction: the trace row is locked first (FOR UPDATE), so
 * all subscription changes of one trace run one after another and traces.subscriber_count, updated in the same
 * transaction, stays exact under any concurrency. Each change writes its event to the outbox.
 */
@Injectable()
export class SubscriptionLedger {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  async lockTrace(manager: EntityManager, traceId: string): Promise<TraceEntity> {
    const trace = await manager.findOne(TraceEntity, { where: { id: traceId }, lock: { mode: 'pessimistic_write' } });
    if (!trace) throw DomainException.notFound(TracesMessages.traceNotFound, 'TRACE_NOT_FOUND');
    return trace;
  }

  async start(manager: EntityManager, input: StartSubscription): Promise<Started> {
    const trace = await this.lockTrace(manager, input.traceId);
    if (trace.ownerUserId === input.userId)
      throw new DomainException(409, 'OWNER_CANNOT_SUBSCRIBE', TracesMessages.ownerCannotSubscribe);
    const tier = await manager.findOneBy(TierEntity, { id: input.tierId, traceId: trace.id });
    if (!tier) throw DomainException.badRequest(TracesMessages.tierNotOfTrace);
    const existing = await manager.findOneBy(SubscriptionEntity, { traceId: trace.id, userId: input.userId });
    if (existing?.status === 'active')
      throw new DomainException(409, 'ALREADY_SUBSCRIBED', TracesMessages.alreadySubscribed);
    let id: string;
    if (existing) {
      await manager.update(
        SubscriptionEntity,
        { id: existing.id },
        { status: 'active', tierId: tier.id, tierName: tier.name, endedAt: null },
      );
      id = existing.id;
    } else {
      const inserted = await manager.insert(SubscriptionEntity, {
        traceId: trace.id,
        userId: input.userId,
        tierId: tier.id,
        tierName: tier.name,
        status: 'active',
      });
      id = inserted.identifiers[0].id as string;
    }
    await manager.increment(TraceEntity, { id: trace.id }, 'subscriberCount', 1);
    await tracesChangedAfterCommit(manager, trace.id); // counts and the user's access, in every gateway's cache
    const event = await this.outbox.add(
      manager,
      SubscriptionStarted,
      {
        subscriptionId: id,
        traceId: trace.id,
        userId: input.userId,
        tierId: tier.id,
        tierName: tier.name,
        source: input.source,
        ownerUserId: trace.ownerUserId,
        traceName: trace.name,
        occurredAt: new Date().toISOString(),
      },
      { correlationId: input.correlationId, aggregateId: subscriptionAggregateId(trace.id, input.userId) },
    );
    const subscription = await manager.findOneByOrFail(SubscriptionEntity, { id });
    return { subscription, trace, tier, event };
  }

  /** Ends an active subscription; the trace must already be locked by this transaction (lockTrace). */
  async end(
    manager: EntityManager,
    subscription: SubscriptionEntity,
    reason: 'unsubscribed' | 'trace-deleted',
    correlationId: string,
  ): Promise<void> {
    await manager.update(SubscriptionEntity, { id: subscription.id }, { status: 'ended', endedAt: new Date() });
    await manager.decrement(TraceEntity, { id: subscription.traceId }, 'subscriberCount', 1);
    await tracesChangedAfterCommit(manager, subscription.traceId); // access ends in every gateway's cache too
    await this.outbox.add(
      manager,
      SubscriptionEnded,
      {
        subscriptionId: subscription.id,
        traceId: subscription.traceId,
        userId: subscription.userId,
        tierId: subscription.tierId,
        tierName: subscription.tierName as SubscriptionStartedV1['tierName'],
        reason,
        occurredAt: new Date().toISOString(),
      },
      { correlationId, aggregateId: subscriptionAggregateId(subscription.traceId, subscription.userId) },
    );
  }

  /** Publish what just committed without waiting for the relay's next poll. */
  kick(): void {
    this.relay.kick();
  }
}
