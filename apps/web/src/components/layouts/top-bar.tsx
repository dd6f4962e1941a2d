import type { UserView } from '@copytrade/contracts';
import { lazy, Suspense } from 'react';
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
  CreditCardIcon,
  HelpIcon,
  LogOutIcon,
  MenuIcon,
  SettingsIcon,
  SparklesIcon,
  UserIcon,
} from '@/components/ui/icons';

// The bell and its panel load after the shell (the routes' bundles stay within budget).
const NotificationBell = lazy(() => import('./notification-bell'));

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
        {user ? (
          <Suspense fallback={null}>
            <NotificationBell userId={user.id} />
          </Suspense>
        ) : null}

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
