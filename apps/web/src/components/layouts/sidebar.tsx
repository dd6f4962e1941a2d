import type { ComponentType, ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import {
  ChartIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  CompassIcon,
  CopyIcon,
  DashboardIcon,
  ShieldIcon,
  type IconProps,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Brand } from './brand';

export const SIDEBAR_ID = 'app-sidebar';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  isNew?: boolean;
  adminOnly?: boolean;
}

/** The sidebar (docs/product.md#sidebar): items in this order; Trading Terminal and My Copies flagged NEW. */
const NAV_ITEMS: NavItem[] = [
  { to: paths.app.dashboard.getHref(), label: 'Dashboard', icon: DashboardIcon },
  { to: paths.app.tradingTerminal.getHref(), label: 'Trading Terminal', icon: ChartIcon, isNew: true },
  { to: paths.app.discovery.getHref(), label: 'Discovery', icon: CompassIcon },
  { to: paths.app.myCopies.getHref(), label: 'My Copies', icon: CopyIcon, isNew: true },
  { to: paths.app.admin.getHref(), label: 'Admin Panel', icon: ShieldIcon, adminOnly: true },
];

/**
 * The navigation column. `rail`: the desktop sidebar, collapsible to a narrow bar (hidden below 900px by CSS);
 * `drawer`: the same content inside the phone drawer, with a close button instead of the collapse toggle.
 */
export function Sidebar({
  collapsed,
  onToggle,
  isAdmin,
  sections,
  variant = 'rail',
  onClose,
}: {
  collapsed: boolean;
  onToggle: () => void;
  isAdmin: boolean;
  /** Feature content below the navigation (owned and joined traces), composed by the app. */
  sections?: ReactNode;
  variant?: 'rail' | 'drawer';
  /** Drawer only: closes it. */
  onClose?: () => void;
}) {
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
  const drawer = variant === 'drawer';
  return (
    <aside
      id={drawer ? undefined : SIDEBAR_ID}
      aria-label="Sidebar"
      className={cn('sidebar', `sidebar--${variant}`, collapsed && 'sidebar--collapsed')}
    >
      <div className="sidebar__top">
        <Link to={paths.app.dashboard.getHref()} className="sidebar__brand" aria-label="CopyTrade dashboard">
          <Brand compact={collapsed} />
        </Link>
        {drawer ? (
          <button type="button" className="sidebar__toggle" aria-label="Close navigation" onClick={onClose}>
            <CloseIcon />
          </button>
        ) : (
          <button
            type="button"
            className="sidebar__toggle"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!collapsed}
            onClick={onToggle}
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </button>
        )}
      </div>

      <nav aria-label="Main" className="sidebar__nav">
        <ul>
          {items.map(({ to, label, icon: Icon, isNew }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === paths.app.dashboard.getHref()}
                className={({ isActive }) => cn('sidebar__link', isActive && 'is-active')}
                title={collapsed ? label : undefined}
              >
                <Icon size={18} className="sidebar__icon" />
                <span className={collapsed ? 'sr-only' : 'sidebar__label'}>{label}</span>
                {isNew ? (
                  <Badge variant="new" className={collapsed ? 'sidebar__new-dot' : 'sidebar__new'}>
                    NEW
                  </Badge>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      {sections ? <div className="sidebar__sections">{sections}</div> : null}
    </aside>
  );
}
