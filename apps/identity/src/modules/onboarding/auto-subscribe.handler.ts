import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  SubscriptionStarted,
  type EventEnvelope,
  type SubscriptionEndedV1,
  type SubscriptionStartedV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry, runAfterCommit } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SessionInvalidations } from '../sessions/session-invalidations';

/**
 * Sets users.auto_subscribed_to_trader from the traces service's SubscriptionStarted with source 'onboarding'
 * (the wizard's auto-subscribe). Setting a flag to true is idempotent, so a redelivery changes nothing. The
 * traces service applies the event here synchronously before it answers (read-your-writes), and gateways drop
 * the user's cached view once this commits, so the next verify-token shows the flag.
 */
/** Both events of the subscription aggregate: consumers apply an aggregate's events in version order. */
const SUBSCRIPTION_EVENTS = SubscriptionStarted.subject.replace(/started\.v1$/, '>');

@Injectable()
export class AutoSubscribeHandler implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly sessions: SessionInvalidations,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<SubscriptionStartedV1 | SubscriptionEndedV1>({
      durableName: 'identity-onboarding-auto-subscribe',
      filterSubject: SUBSCRIPTION_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(
    { data }: EventEnvelope<SubscriptionStartedV1 | SubscriptionEndedV1>,
    manager: EntityManager,
  ): Promise<void> {
    if (!('source' in data) || data.source !== 'onboarding') return;
    await manager.query(`UPDATE identity.users SET auto_subscribed_to_trader = true WHERE id = $1`, [data.userId]);
    await runAfterCommit(manager, () => this.sessions.userChanged(data.userId));
  }
}
