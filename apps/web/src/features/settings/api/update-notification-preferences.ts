import type { NotificationPreferences, SaveNotificationPreferencesResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toPreferences } from './get-notification-preferences';
import { settingsKeys } from './query-keys';

/** PUT /api/user/notification-preferences with the whole preferences object. */
export async function saveNotificationPreferences({
  userId,
  preferences,
}: {
  userId: string;
  preferences: NotificationPreferences;
}): Promise<NotificationPreferences> {
  const response = await api.put<SaveNotificationPreferencesResponse>(
    '/api/user/notification-preferences',
    preferences,
    {
      headers: { Authorization: `Bearer ${userId}` },
    },
  );
  return toPreferences(response.preferences ?? preferences);
}

/** The cached preferences become what the server saved. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved, { userId }) => {
      queryClient.setQueryData(settingsKeys.notificationPreferences(userId), saved);
    },
  });
}
