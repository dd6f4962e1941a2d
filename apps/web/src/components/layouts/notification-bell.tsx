import type { NotificationView } from '@copytrade/contracts';
import { NOTIFICATIONS_BADGE_MAX } from '@copytrade/contracts/rules';
import { useNavigate } from 'react-router-dom';
import { NotificationSummary, notificationHref } from '@/components/notifications/notification-summary';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatCountBadge } from '@/lib/format/notification';
import {
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUnreadNotificationsCount,
} from '@/lib/notifications/notifications-api';

export const NOTIFICATIONS_EMPTY = "You're all caught up";
export const NOTIFICATIONS_LOAD_FAILED = "Couldn't load your notifications.";

/**
 * The top bar's bell (loaded after the shell): the unread count as a badge (none at 0, "99+" past
 * NOTIFICATIONS_BADGE_MAX) and a panel with the newest notifications, read when it opens. Choosing one marks it read
 * and follows its link.
 */
export default function NotificationBell({ userId }: { userId: string }) {
  const count = useUnreadNotificationsCount(userId);
  const unread = count.data ?? 0;
  const badge = unread > 0 ? formatCountBadge(unread, NOTIFICATIONS_BADGE_MAX) : null;

  return (
    <DropdownMenu
      label={badge ? `Notifications (${badge})` : 'Notifications'}
      menuLabel="Notifications"
      triggerDescription={badge ? `${unread} unread` : undefined}
      triggerClassName="icon-button"
      menuClassName="menu__content--wide notification-panel"
      trigger={
        <>
          <BellIcon size={18} />
          {badge ? (
            <span className="count-badge" aria-hidden="true">
              {badge}
            </span>
          ) : null}
        </>
      }
    >
      <NotificationPanel userId={userId} unread={unread} />
    </DropdownMenu>
  );
}

/** Mounted while the menu is open only (Radix renders no closed content): the list is read when it opens. */
function NotificationPanel({ userId, unread }: { userId: string; unread: number }) {
  const navigate = useNavigate();
  const latest = useLatestNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);

  const follow = (notification: NotificationView) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    navigate(notificationHref(notification.link, paths.app.notifications.getHref()));
  };

  return (
    <>
      <DropdownMenuLabel className="notification-panel__header">Notifications</DropdownMenuLabel>
      {unread > 0 ? (
        <DropdownMenuItem className="notification-panel__action" onSelect={() => markAllRead.mutate()}>
          Mark all as read
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      {latest.isPending ? (
        <p className="notification-panel__state">Loading notifications...</p>
      ) : latest.isError ? (
        <>
          <p className="notification-panel__state">{NOTIFICATIONS_LOAD_FAILED}</p>
          <DropdownMenuItem className="notification-panel__action" onSelect={() => void latest.refetch()}>
            Retry
          </DropdownMenuItem>
        </>
      ) : latest.data.notifications.length === 0 ? (
        <p className="notification-panel__state">{NOTIFICATIONS_EMPTY}</p>
      ) : (
        <div className="notification-panel__list">
          {latest.data.notifications.map((notification) => (
            <DropdownMenuItem
              key={notification.id}
              className="notification-panel__item"
              onSelect={() => follow(notification)}
            >
              <NotificationSummary notification={notification} />
            </DropdownMenuItem>
          ))}
        </div>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem
        className="notification-panel__action"
        onSelect={() => navigate(paths.app.notifications.getHref())}
      >
        View all
      </DropdownMenuItem>
    </>
  );
}
