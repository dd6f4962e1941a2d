import type { NotificationPreferences, NotificationPreferencesResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** Every flag is on until the user changes it (see docs/product.md#entities-and-fields). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  notifyOnTradeShared: true,
  notifyOnTradeSold: true,
  notifyOnCopiedTradeSold: true,
};

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Missing flags take their defaults. */
export function toPreferences(raw: Partial<NotificationPreferences> | undefined): NotificationPreferences {
  return {
    emailNotifications: flag(raw?.emailNotifications, DEFAULT_PREFERENCES.emailNotifications),
    notifyOnTradeShared: flag(raw?.notifyOnTradeShared, DEFAULT_PREFERENCES.notifyOnTradeShared),
    notifyOnTradeSold: flag(raw?.notifyOnTradeSold, DEFAULT_PREFERENCES.notifyOnTradeSold),
    notifyOnCopiedTradeSold: flag(raw?.notifyOnCopiedTradeSold, DEFAULT_PREFERENCES.notifyOnCopiedTradeSold),
  };
}

/** GET /api/user/notification-preferences. The user id travels as a bearer value too. */
export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const response = await api.get<NotificationPreferencesResponse>('/api/user/notification-preferences', {
    headers: { Authorization: `Bearer ${userId}` },
  });
  return toPreferences(response.preferences);
}

export const getNotificationPreferencesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.notificationPreferences(userId),
    queryFn: () => getNotificationPreferences(userId),
  });

export function useNotificationPreferences(userId: string) {
  return useQuery(getNotificationPreferencesQueryOptions(userId));
}
