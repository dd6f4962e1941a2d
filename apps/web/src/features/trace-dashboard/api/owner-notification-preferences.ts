import type {
  OwnerNotificationPreferences,
  OwnerNotificationPreferencesResponse,
  SaveOwnerNotificationPreferencesResponse,
} from '@copytrade/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

const URL = '/api/user/owner-notification-preferences';

/** GET /api/user/owner-notification-preferences: the session user's switches as an owner (defaults until saved). */
export function useOwnerNotificationPreferences(userId: string) {
  return useQuery({
    queryKey: traceDashboardKeys.notificationPreferences(userId),
    queryFn: async () => (await api.get<OwnerNotificationPreferencesResponse>(URL)).preferences,
  });
}

/** PUT the whole set; the cache becomes what the server saved. */
export function useSaveOwnerNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: OwnerNotificationPreferences) =>
      (await api.put<SaveOwnerNotificationPreferencesResponse>(URL, preferences)).preferences,
    onSuccess: (saved) => queryClient.setQueryData(traceDashboardKeys.notificationPreferences(userId), saved),
  });
}
