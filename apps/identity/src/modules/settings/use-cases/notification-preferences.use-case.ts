import { Injectable } from '@nestjs/common';
import type {
  NotificationPreferences,
  NotificationPreferencesRpcReply,
  RpcRequest,
  UpdateNotificationPreferencesRpcRequest,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { requireActor } from '../../../common/actor';
import { NotificationPreferencesEntity } from '../entities/notification-preferences.entity';
import { NOTIFICATION_FLAGS, readNotificationPreferences } from '../notification-preferences.reader';
import { UserSettingsChangedPublisher } from '../user-settings-changed.publisher';

/** The session's user's notification switches; a change writes UserSettingsChanged in the same transaction. */
@Injectable()
export class NotificationPreferencesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: UserSettingsChangedPublisher,
  ) {}

  async get({ actor }: RpcRequest<Record<string, never>>): Promise<NotificationPreferencesRpcReply> {
    return { preferences: await readNotificationPreferences(this.dataSource.manager, requireActor(actor).userId) };
  }

  async update({
    actor,
    payload,
    requestId,
  }: RpcRequest<UpdateNotificationPreferencesRpcRequest>): Promise<NotificationPreferencesRpcReply> {
    const { userId } = requireActor(actor);
    return { preferences: await this.save(userId, pickFlags(payload), requestId) };
  }

  /**
   * Changes the user's flags (also an e-mail's unsubscribe link, which names its user); nothing is written when
   * nothing changes, so a repeated change publishes no second event.
   */
  save(userId: string, changes: Partial<NotificationPreferences>, requestId: string): Promise<NotificationPreferences> {
    return this.dataSource.transaction(async (manager) => {
      // Serialises concurrent saves of one user so each sees the other's result.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('notification-preferences:' || $1))`, [userId]);
      const current = await readNotificationPreferences(manager, userId);
      const next: NotificationPreferences = { ...current, ...changes };
      const changed = NOTIFICATION_FLAGS.filter((flag) => next[flag] !== current[flag]);
      if (changed.length === 0) return current;
      await manager.upsert(NotificationPreferencesEntity, { userId, ...next }, ['userId']);
      await this.events.publish(manager, userId, changed, requestId);
      return next;
    });
  }
}

function pickFlags(payload: UpdateNotificationPreferencesRpcRequest): Partial<NotificationPreferences> {
  return Object.fromEntries(
    NOTIFICATION_FLAGS.filter((flag) => typeof payload[flag] === 'boolean').map((flag) => [flag, payload[flag]]),
  );
}
