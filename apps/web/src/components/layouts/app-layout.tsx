import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useLogout, useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const COLLAPSED_STORAGE_KEY = 'copytrade.sidebar.collapsed';
export const NAV_DRAWER_ID = 'app-nav-drawer';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // Storage may be unavailable (private mode); the sidebar then forgets its state on reload.
  }
}

/**
 * The signed-in shell (docs/product.md#sidebar): a collapsible sidebar (232px / 4rem) and the top bar. Below 900px the
 * sidebar is hidden and the same navigation opens as a drawer from the top bar's menu button.
 * `sidebarSections` lets the app put feature content (the trace lists) into the sidebar without this
 * shared layout importing any feature.
 */
export function AppLayout({
  children,
  sidebarSections,
}: {
  children: ReactNode;
  sidebarSections?: (collapsed: boolean) => ReactNode;
}) {
  const { user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  // The drawer remembers the page it was opened on: navigating anywhere else closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === pathname;
  const setDrawerOpen = useCallback((open: boolean) => setDrawerOpenedOn(open ? pathname : null), [pathname]);

  const toggle = useCallback(() => {
    setCollapsed((value) => {
      storeCollapsed(!value);
      return !value;
    });
  }, []);

  return (
    <div className={cn('app-shell', collapsed && 'app-shell--collapsed')}>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Sidebar
        collapsed={collapsed}
        onToggle={toggle}
        isAdmin={Boolean(user?.isAdmin)}
        sections={sidebarSections?.(collapsed)}
      />
      <Sheet id={NAV_DRAWER_ID} open={drawerOpen} onOpenChange={setDrawerOpen} title="Navigation">
        <Sidebar
          variant="drawer"
          collapsed={false}
          onToggle={toggle}
          onClose={() => setDrawerOpen(false)}
          isAdmin={Boolean(user?.isAdmin)}
          sections={sidebarSections?.(false)}
        />
      </Sheet>
      <div className="app-shell__body">
        <TopBar
          user={user}
          navOpen={drawerOpen}
          navId={NAV_DRAWER_ID}
          onOpenNav={() => setDrawerOpen(true)}
          onOpenSettings={() => navigate(paths.app.settings.getHref())}
          onSignOut={() => logout.mutate()}
        />
        <main id="main-content" className="app-shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
