import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SubscriptionStarted, type EventEnvelope, type SubscriptionStartedV1 } from '@copytrade/contracts';
import { EventConsumerRegistry, runAfterCommit } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SessionInvalidations } from '../sessions/session-invalidations';

/**
 * Sets users.auto_subscribed_to_trader from the traces service's SubscriptionStarted with source 'onboarding'
 * (the wizard's auto-subscribe). Setting a flag to true is idempotent, so a redelivery changes nothing. The
 * traces service applies the event here synchronously before it answers (read-your-writes), and gateways drop
 * the user's cached view once this commits, so the next verify-token shows the flag.
 */
@Injectable()
export class AutoSubscribeHandler implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly sessions: SessionInvalidations,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<SubscriptionStartedV1>({
      durableName: 'identity-onboarding-auto-subscribe',
      filterSubject: SubscriptionStarted.subject,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply({ data }: EventEnvelope<SubscriptionStartedV1>, manager: EntityManager): Promise<void> {
    if (data.source !== 'onboarding') return;
    await manager.query(`UPDATE identity.users SET auto_subscribed_to_trader = true WHERE id = $1`, [data.userId]);
    await runAfterCommit(manager, () => this.sessions.userChanged(data.userId));
  }
}
