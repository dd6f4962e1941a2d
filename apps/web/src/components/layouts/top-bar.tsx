import type { UserView } from '@copytrade/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Brand } from './brand';
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
  MenuIcon,
  SettingsIcon,
  SparklesIcon,
  UserIcon,
} from '@/components/ui/icons';

/** The bell (docs/product.md#top-bar) shows a fixed badge '3' and three hard-coded sample notifications. */
export const NOTIFICATION_BADGE_COUNT = 3;
export const SAMPLE_NOTIFICATIONS = [
  { id: 'welcome', title: 'Welcome to the beta', body: 'Your closed-beta access is active.', time: 'Just now' },
  { id: 'trade', title: 'New trade shared', body: 'A trace you follow shared a new trade.', time: '5m ago' },
  { id: 'summary', title: 'Portfolio summary', body: 'Your daily portfolio summary is ready.', time: '1h ago' },
] as const;

const HELP_ITEMS = ['Support', 'Help Center', 'Trading Guides', 'Academy'] as const;

/**
 * The top bar. Below 900px it starts with the menu button that opens the navigation drawer. Every control's
 * accessible name contains the text it shows (WCAG 2.5.3): 'Notifications (3)', 'User menu (demo)'.
 */
export function TopBar({
  user,
  navOpen = false,
  navId,
  onOpenNav,
  onOpenSettings,
  onSignOut,
}: {
  user: UserView | null;
  navOpen?: boolean;
  navId?: string;
  onOpenNav?: () => void;
  onOpenSettings: () => void;
  onSignOut: () => void;
}) {
  const displayName = user?.username || 'Guest';

  return (
    <header className="topbar">
      <div className="topbar__context">
        {onOpenNav ? (
          <>
            <button
              type="button"
              className="icon-button topbar__menu"
              aria-label="Open navigation"
              aria-haspopup="dialog"
              aria-expanded={navOpen}
              aria-controls={navOpen ? navId : undefined}
              onClick={onOpenNav}
            >
              <MenuIcon size={18} />
            </button>
            <Brand compact className="topbar__brand" />
          </>
        ) : null}
      </div>
      <div className="topbar__actions">
        <DropdownMenu
          label={`Notifications (${NOTIFICATION_BADGE_COUNT})`}
          menuLabel="Notifications"
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

        {/* 'Upgrade to Pro' has no behaviour (docs/product.md#top-bar). */}
        <Button variant="primary" size="sm" className="topbar__upgrade">
          <SparklesIcon size={14} className="topbar__upgrade-icon" />
          Upgrade to Pro
        </Button>

        <DropdownMenu
          label={`User menu (${displayName})`}
          menuLabel="User menu"
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
