import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { NotificationPreferencesEntity } from './entities/notification-preferences.entity';

export const NOTIFICATION_FLAGS = Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as (keyof NotificationPreferences)[];

/** The user's preferences; the defaults (all on) when the user never changed one. */
export async function readNotificationPreferences(
  manager: EntityManager,
  userId: string,
): Promise<NotificationPreferences> {
  const row = await manager.findOneBy(NotificationPreferencesEntity, { userId });
  const source = row ?? DEFAULT_NOTIFICATION_PREFERENCES;
  return Object.fromEntries(
    NOTIFICATION_FLAGS.map((flag) => [flag, source[flag]]),
  ) as unknown as NotificationPreferences;
}
