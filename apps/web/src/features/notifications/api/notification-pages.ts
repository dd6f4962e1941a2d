import { useInfiniteQuery } from '@tanstack/react-query';
import { getNotificationsPage } from '@/lib/notifications/notifications-api';
import { notificationKeys } from '@/lib/notifications/notifications-api';

/** /notifications: newest first, one page of NOTIFICATIONS_PAGE_DEFAULT at a time ("Load more" follows nextCursor). */
export function useNotificationPages(userId: string) {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages(userId),
    queryFn: ({ pageParam }) => getNotificationsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
