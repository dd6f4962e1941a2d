import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  SubscriptionStarted,
  type EventEnvelope,
  type SubscriptionEndedV1,
  type SubscriptionStartedV1,
} from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { EventAge } from '../event-age';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyUsers } from '../notifications.store';
import { traceOfSharedTrades } from '../shared-trades.store';
import { NotificationConsumers } from './notification-consumers';

/** Both events of the subscription aggregate: consumers apply an aggregate's events in version order. */
const SUBSCRIPTION_EVENTS = SubscriptionStarted.subject.replace(/started\.v1$/, '>');
export const SUBSCRIPTION_NOTIFICATIONS_DURABLE = 'identity-notifications-subscriptions';

/**
 * A trace owner is told of each new subscriber (SubscriptionStarted; `new_subscriber`, keyed by the event). The owner
 * and the trace's name travel in the event; an older event without them is matched through the projection of shared
 * trades, and tells no one when the trace never shared a trade.
 */
@Injectable()
export class SubscriptionNotificationsHandler implements OnModuleInit {
  private readonly logger = new Logger(SubscriptionNotificationsHandler.name);

  constructor(
    private readonly consumers: NotificationConsumers,
    private readonly announcer: NotificationsAnnouncer,
    private readonly age: EventAge,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<SubscriptionStartedV1 | SubscriptionEndedV1>({
      durableName: SUBSCRIPTION_NOTIFICATIONS_DURABLE,
      filterSubject: SUBSCRIPTION_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<SubscriptionStartedV1 | SubscriptionEndedV1>, manager: EntityManager) {
    if (envelope.type !== SubscriptionStarted.type || this.age.tooOldToNotify(envelope)) return;
    const started = envelope.data as SubscriptionStartedV1;
    const trace = started.ownerUserId
      ? { ownerUserId: started.ownerUserId, traceName: started.traceName ?? null }
      : await traceOfSharedTrades(manager, started.traceId);
    if (!trace) {
      this.logger.warn({ eventId: envelope.id, traceId: started.traceId }, 'A new subscriber of an unknown trace');
      return;
    }
    if (trace.ownerUserId === started.userId) return;
    const [subscriber] = (await manager.query(`SELECT username FROM identity.users WHERE id = $1`, [
      started.userId,
    ])) as Array<{ username: string }>;
    const owners = await notifyUsers(manager, [trace.ownerUserId], {
      kind: 'new_subscriber',
      ...NotificationTexts.newSubscriber(started, subscriber?.username ?? null, trace.traceName),
      link: NotificationLinks.traceDashboard(started.traceId),
      dedupeKey: `new-subscriber:${envelope.id}`,
    });
    await this.announcer.ownersAfterCommit(manager, owners);
  }
}
