import type { NotificationsPageResponse, UnreadNotificationsResponse } from '@copytrade/contracts';
import { NOTIFICATIONS_PAGE_DEFAULT } from '@copytrade/contracts/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const NOTIFICATIONS_URL = '/api/notifications';

// The query keys live here too: one small chunk for the bell, the page and the live handler, not two.
/** Query keys of the signed-in user's notifications (the bell, its panel and /notifications). */
export const notificationKeys = {
  all: ['notifications'] as const,
  ofUser: (userId: string) => [...notificationKeys.all, userId] as const,
  unreadCount: (userId: string) => [...notificationKeys.ofUser(userId), 'unread-count'] as const,
  /** The bell's panel: the newest page only. */
  latest: (userId: string) => [...notificationKeys.ofUser(userId), 'latest'] as const,
  /** /notifications: every page loaded so far. */
  pages: (userId: string) => [...notificationKeys.ofUser(userId), 'pages'] as const,
};

/** GET /api/notifications?limit&cursor: newest first; `cursor` is the previous page's nextCursor. */
export function getNotificationsPage(cursor?: string | null, limit = NOTIFICATIONS_PAGE_DEFAULT) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return api.get<NotificationsPageResponse>(`${NOTIFICATIONS_URL}?${query.toString()}`);
}

/** The bell's badge. Read on load, on every live `notification.created` or copy event and on each (re)connect. */
export function useUnreadNotificationsCount(userId: string) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: async () => (await api.get<UnreadNotificationsResponse>(`${NOTIFICATIONS_URL}/unread-count`)).unreadCount,
  });
}

/** The bell's panel: the newest page, read each time the panel opens. */
export function useLatestNotifications(userId: string) {
  return useQuery({ queryKey: notificationKeys.latest(userId), queryFn: () => getNotificationsPage(), staleTime: 0 });
}

/**
 * Marking read answers the new unread count: the badge takes it at once, and every list of the user is read again
 * (the gateway keeps no copy, so the next read shows the change).
 */
function useMarkRead<Input>(userId: string, call: (input: Input) => Promise<UnreadNotificationsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationKeys.unreadCount(userId), unreadCount);
      return queryClient.invalidateQueries({
        queryKey: notificationKeys.ofUser(userId),
        predicate: (query) => query.queryKey[2] !== 'unread-count',
      });
    },
  });
}

/** POST /api/notifications/:id/read. */
export const useMarkNotificationRead = (userId: string) =>
  useMarkRead(userId, (id: string) =>
    api.post<UnreadNotificationsResponse>(`${NOTIFICATIONS_URL}/${encodeURIComponent(id)}/read`),
  );

/** POST /api/notifications/read-all. */
export const useMarkAllNotificationsRead = (userId: string) =>
  useMarkRead(userId, () => api.post<UnreadNotificationsResponse>(`${NOTIFICATIONS_URL}/read-all`));
