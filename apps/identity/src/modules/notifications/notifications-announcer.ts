import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  NOTIFICATIONS_CREATED_MAX_USER_IDS,
  NotificationsCreatedSubject,
  type NotificationsCreated,
} from '@copytrade/contracts';
import { NATS_CONNECTION, runAfterCommit } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

/**
 * Tells every gateway, once the transaction that stored notifications commits, whose bell to ring
 * (NotificationsCreatedSubject, in chunks). A hint on core NATS: a lost one is caught up by the bell's next read.
 */
@Injectable()
export class NotificationsAnnouncer {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async afterCommit(manager: EntityManager, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await runAfterCommit(manager, () => this.announce(userIds));
  }

  /** Trace owners are told live only while their `pushNotifications` switch is on (no row: on). */
  async ownersAfterCommit(manager: EntityManager, ownerIds: string[]): Promise<void> {
    if (ownerIds.length === 0) return;
    const rows: Array<{ userId: string }> = await manager.query(
      `SELECT owner.id::text AS "userId"
         FROM unnest($1::uuid[]) AS owner(id)
         LEFT JOIN identity.owner_notification_preferences preferences ON preferences.user_id = owner.id
        WHERE coalesce(preferences.push_notifications, true)`,
      [ownerIds],
    );
    await this.afterCommit(
      manager,
      rows.map((row) => row.userId),
    );
  }

  private announce(userIds: string[]): void {
    if (this.nc.isClosed()) return;
    for (let start = 0; start < userIds.length; start += NOTIFICATIONS_CREATED_MAX_USER_IDS) {
      const message: NotificationsCreated = {
        userIds: userIds.slice(start, start + NOTIFICATIONS_CREATED_MAX_USER_IDS),
      };
      this.nc.publish(NotificationsCreatedSubject, JSON.stringify(message));
    }
  }
}
