import type { NotificationView } from '@copytrade/contracts';
import { Link } from 'react-router-dom';
import { NotificationSummary, notificationHref } from '@/components/notifications/notification-summary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { paths } from '@/config/paths';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotificationsCount,
} from '@/lib/notifications/notifications-api';
import { useNotificationPages } from '../api/notification-pages';

export const NOTIFICATIONS_PAGE_EMPTY = "You're all caught up";
export const NOTIFICATIONS_PAGE_LOAD_FAILED = "Couldn't load your notifications.";
export const MARK_READ_FAILED = "Couldn't mark it read. Please try again.";

/** `/notifications`: every notification, newest first, a page at a time; open one (marks it read) or mark read. */
export function NotificationsPage({ userId }: { userId: string }) {
  const pages = useNotificationPages(userId);
  const unread = useUnreadNotificationsCount(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = unread.data ?? pages.data?.pages[0]?.unreadCount ?? 0;
  const markFailed = markRead.isError || markAllRead.isError;

  const open = (notification: NotificationView) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
  };

  return (
    <div className="page page--narrow page--notifications">
      <title>Notifications · CopyTrade</title>
      <header className="page__header page__header--split">
        <div>
          <h1 className="page__title">Notifications</h1>
          <p className="page__note">
            {unreadCount > 0 ? `${unreadCount} unread` : 'Trades, copies and your traces, as they happen.'}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => markAllRead.mutate()}
          disabled={unreadCount === 0 || markAllRead.isPending}
        >
          Mark all as read
        </Button>
      </header>
      {markFailed ? <Alert variant="error">{MARK_READ_FAILED}</Alert> : null}
      {pages.isPending ? (
        <LoadingRows label="Loading notifications..." count={4} />
      ) : pages.isError && notifications.length === 0 ? (
        <LoadError onRetry={() => void pages.refetch()} retrying={pages.isFetching}>
          {NOTIFICATIONS_PAGE_LOAD_FAILED}
        </LoadError>
      ) : notifications.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{NOTIFICATIONS_PAGE_EMPTY}</p>
          <p className="empty-state__text">New trades, copies and subscribers will show up here.</p>
        </div>
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications">
            {notifications.map((notification) => (
              <li
                key={notification.id}
                className={
                  notification.readAt === null
                    ? 'notification-list__item notification-list__item--unread'
                    : 'notification-list__item'
                }
              >
                <Link
                  className="notification-list__link"
                  to={notificationHref(notification.link, paths.app.notifications.getHref())}
                  onClick={() => open(notification)}
                >
                  <NotificationSummary notification={notification} />
                </Link>
                {notification.readAt === null ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => markRead.mutate(notification.id)}
                    aria-label={`Mark as read: ${notification.title}`}
                  >
                    Mark as read
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {pages.isFetchNextPageError ? (
            <LoadError onRetry={() => void pages.fetchNextPage()} retrying={pages.isFetchingNextPage}>
              {NOTIFICATIONS_PAGE_LOAD_FAILED}
            </LoadError>
          ) : pages.hasNextPage ? (
            <div>
              <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
