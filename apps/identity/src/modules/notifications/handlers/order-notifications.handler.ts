import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OrderUpdated, type EventEnvelope, type OrderFilledV1, type OrderUpdatedV1 } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { EventAge } from '../event-age';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyAdmins } from '../notifications.store';
import { NotificationConsumers } from './notification-consumers';

/** Every event of an order's aggregate (`order-intent:<id>`: updated, filled), so its version order has no gap. */
const ORDER_EVENTS = OrderUpdated.subject.replace(/updated\.v1$/, '>');
export const ORDER_NOTIFICATIONS_DURABLE = 'identity-notifications-orders';

/**
 * Every admin is told of an order whose outcome became unknown (OrderUpdated in state UNKNOWN): a person must settle
 * it (docs/operations.md). Keyed by the order, so its later unknown updates tell no one again.
 */
@Injectable()
export class OrderNotificationsHandler implements OnModuleInit {
  constructor(
    private readonly consumers: NotificationConsumers,
    private readonly announcer: NotificationsAnnouncer,
    private readonly age: EventAge,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<OrderUpdatedV1 | OrderFilledV1>({
      durableName: ORDER_NOTIFICATIONS_DURABLE,
      filterSubject: ORDER_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<OrderUpdatedV1 | OrderFilledV1>, manager: EntityManager): Promise<void> {
    if (envelope.type !== OrderUpdated.type || this.age.tooOldToNotify(envelope)) return;
    const order = envelope.data as OrderUpdatedV1;
    if (order.state !== 'UNKNOWN') return;
    const admins = await notifyAdmins(manager, {
      kind: 'unknown_order',
      ...NotificationTexts.unknownOrder(order),
      link: NotificationLinks.admin,
      dedupeKey: `unknown-order:${order.intentId}`,
    });
    await this.announcer.afterCommit(manager, admins);
  }
}
