import { IsIn, IsISO8601, IsOptional, IsString, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { TIER_NAMES, type TierName } from '../../http/traces/traces.rules';

/**
 * A subscription started or ended (aggregate `trace-subscription:<traceId>:<userId>`, so both events of one
 * pair are applied in order). `source` tells an onboarding auto-subscribe (identity sets the user's
 * autoSubscribedToTrader from it) from a user's own subscribe. The fields both events carry:
 */
abstract class SubscriptionEventV1 {
  @IsUUID()
  subscriptionId: string;

  @IsUUID()
  traceId: string;

  @IsUUID()
  userId: string;

  @IsUUID()
  tierId: string;

  @IsIn(TIER_NAMES)
  tierName: TierName;

  @IsISO8601()
  occurredAt: string;
}

export class SubscriptionStartedV1 extends SubscriptionEventV1 {
  @IsIn(['user', 'onboarding'])
  source: 'user' | 'onboarding';

  /**
   * The trace's owner and name, so the owner can be told of the new subscriber (identity's notifications). Added after
   * v1 was first published: absent from older events.
   */
  @IsOptional()
  @IsUUID()
  ownerUserId?: string;

  @IsOptional()
  @IsString()
  traceName?: string;
}

export class SubscriptionEndedV1 extends SubscriptionEventV1 {
  /** 'unsubscribed' by the user, or 'trace-deleted' by an admin. */
  @IsIn(['unsubscribed', 'trace-deleted'])
  reason: 'unsubscribed' | 'trace-deleted';
}

export const SubscriptionStarted = defineCataloguedEvent(SubscriptionStartedV1, {
  type: 'SubscriptionStarted',
  version: 1,
  subject: 'events.traces.subscription.started.v1',
  producer: 'traces',
});
export const SubscriptionEnded = defineCataloguedEvent(SubscriptionEndedV1, {
  type: 'SubscriptionEnded',
  version: 1,
  subject: 'events.traces.subscription.ended.v1',
  producer: 'traces',
});

export const subscriptionAggregateId = (traceId: string, userId: string) => `trace-subscription:${traceId}:${userId}`;
