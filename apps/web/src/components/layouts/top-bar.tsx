import type { UserView } from '@copytrade/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import {
  BellIcon,
  CreditCardIcon,
  HelpIcon,
  LogOutIcon,
  SettingsIcon,
  SparklesIcon,
  UserIcon,
} from '@/components/ui/icons';

/** Seed 000 §2 / §9: the bell shows a fixed badge '3' and three hard-coded sample notifications. */
export const NOTIFICATION_BADGE_COUNT = 3;
export const SAMPLE_NOTIFICATIONS = [
  { id: 'welcome', title: 'Welcome to the beta', body: 'Your closed-beta access is active.', time: 'Just now' },
  { id: 'trade', title: 'New trade shared', body: 'A trace you follow shared a new trade.', time: '5m ago' },
  { id: 'summary', title: 'Portfolio summary', body: 'Your daily portfolio summary is ready.', time: '1h ago' },
] as const;

const HELP_ITEMS = ['Support', 'Help Center', 'Trading Guides', 'Academy'] as const;

export function TopBar({
  user,
  onOpenSettings,
  onSignOut,
}: {
  user: UserView | null;
  onOpenSettings: () => void;
  onSignOut: () => void;
}) {
  const displayName = user?.username || 'Guest';

  return (
    <header className="topbar">
      <div className="topbar__context" />
      <div className="topbar__actions">
        <DropdownMenu
          label="Notifications"
          triggerDescription={`${NOTIFICATION_BADGE_COUNT} unread`}
          triggerClassName="icon-button"
          menuClassName="menu__content--wide"
          trigger={
            <>
              <BellIcon size={18} />
              <span className="count-badge" aria-hidden="true">
                {NOTIFICATION_BADGE_COUNT}
              </span>
            </>
          }
        >
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          {SAMPLE_NOTIFICATIONS.map((notification) => (
            <DropdownMenuItem key={notification.id} className="notification">
              <span className="notification__title">{notification.title}</span>
              <span className="notification__body">{notification.body}</span>
              <span className="notification__time">{notification.time}</span>
            </DropdownMenuItem>
          ))}
        </DropdownMenu>

        <DropdownMenu label="Help" triggerClassName="icon-button" trigger={<HelpIcon size={18} />}>
          {HELP_ITEMS.map((item) => (
            <DropdownMenuItem key={item}>{item}</DropdownMenuItem>
          ))}
        </DropdownMenu>

        {/* Seed 000 §6: 'Upgrade to Pro' has no behaviour. */}
        <Button variant="primary" size="sm" className="topbar__upgrade">
          <SparklesIcon size={14} />
          Upgrade to Pro
        </Button>

        <DropdownMenu
          label="User menu"
          triggerClassName="user-trigger"
          trigger={
            <>
              <Avatar name={displayName} size={26} />
              <span className="user-trigger__name">{displayName}</span>
            </>
          }
        >
          <DropdownMenuLabel>
            <span className="menu__user-name">{displayName}</span>
            {user?.email ? <span className="menu__user-email">{user.email}</span> : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem>
            <UserIcon size={14} /> Profile
          </DropdownMenuItem>
          <DropdownMenuItem>
            <CreditCardIcon size={14} /> Billing
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onOpenSettings}>
            <SettingsIcon size={14} /> Settings
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="danger" onSelect={onSignOut}>
            <LogOutIcon size={14} /> Sign Out
          </DropdownMenuItem>
        </DropdownMenu>
      </div>
    </header>
  );
}
