import { DEFAULT_OWNER_NOTIFICATION_PREFERENCES, type OwnerNotificationPreferences } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { OwnerNotificationPreferencesEntity } from './entities/owner-notification-preferences.entity';

export const OWNER_NOTIFICATION_FLAGS = Object.keys(
  DEFAULT_OWNER_NOTIFICATION_PREFERENCES,
) as (keyof OwnerNotificationPreferences)[];

/** The owner's switches; the defaults when the owner never saved them. */
export async function readOwnerNotificationPreferences(
  manager: EntityManager,
  userId: string,
): Promise<OwnerNotificationPreferences> {
  const row = await manager.findOneBy(OwnerNotificationPreferencesEntity, { userId });
  const source = row ?? DEFAULT_OWNER_NOTIFICATION_PREFERENCES;
  return Object.fromEntries(
    OWNER_NOTIFICATION_FLAGS.map((flag) => [flag, source[flag]]),
  ) as unknown as OwnerNotificationPreferences;
}
