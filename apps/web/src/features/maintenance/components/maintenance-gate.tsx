import { isMaintenanceExempt } from '@copytrade/contracts/rules';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';
import { isMaintenanceOn, useMaintenanceStatus } from '../api/get-maintenance-status';

// Loaded only when shown: it is rarely seen and would otherwise put its icons in every page's first download.
const MaintenanceScreen = lazy(async () => ({ default: (await import('./maintenance-screen')).MaintenanceScreen }));

/**
 * While Beta Launch Mode is on, every path that is not exempt (/, /login, /request-beta, /beta-signup,
 * /admin) shows the 'Beta Launch Coming Soon' screen instead of its content (docs/product.md#maintenance-screen).
 *
 * Choice: admins are let through. The screen replaces all content on non-exempt paths, and Beta Launch Mode
 * replaces the app "for everyone else" — i.e. for everyone but the admin who switched it
 * on. Admins must be able to use the app (and reach the switch again) while it is on. Signed-out visitors
 * and signed-in non-admins see the screen.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const status = useMaintenanceStatus();
  const { user, isLoading: sessionLoading } = useSession();

  const maintenanceOn = isMaintenanceOn(status);
  if (maintenanceOn === undefined) return <FullPageSpinner label="Loading" />;
  if (!maintenanceOn || isMaintenanceExempt(pathname)) return children;

  if (sessionLoading) return <FullPageSpinner label="Checking your session" />;
  if (user?.isAdmin) return children;
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <MaintenanceScreen />
    </Suspense>
  );
}
