import type { NotificationView } from '@copytrade/contracts';
import { formatTimeAgo } from '@/lib/format/notification';

/** One notification's text: the unread dot, title, body and how long ago (the bell's panel and /notifications). */
export function NotificationSummary({ notification }: { notification: NotificationView }) {
  const unread = notification.readAt === null;
  return (
    <span className="notification">
      <span className="notification__title">
        {unread ? <span className="notification__dot" aria-hidden="true" /> : null}
        {notification.title}
        {unread ? <span className="sr-only"> (unread)</span> : null}
      </span>
      <span className="notification__body">{notification.body}</span>
      <time className="notification__time" dateTime={notification.createdAt}>
        {formatTimeAgo(notification.createdAt)}
      </time>
    </span>
  );
}

/** A notification's in-app path, or `fallback` when it is not one of ours (never another site). */
export const notificationHref = (link: string, fallback: string): string =>
  link.startsWith('/') && !link.startsWith('//') ? link : fallback;
