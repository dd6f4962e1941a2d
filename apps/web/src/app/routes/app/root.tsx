import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { JoinedTracesList } from '@/features/traces/components/joined-traces-list';
import { OwnedTracesList } from '@/features/traces/components/owned-traces-list';
import { useSession } from '@/lib/auth';

// Loaded after the page: the live push draws nothing, and every signed-in route would otherwise carry it.
const LiveEvents = lazy(() => import('@/app/live-events'));

/** The signed-in shell with the user's owned and joined traces in the sidebar, and the live push. */
export function AppRoot() {
  const { user } = useSession();
  return (
    <AppLayout
      sidebarSections={(collapsed) =>
        user ? (
          <>
            <OwnedTracesList userId={user.id} collapsed={collapsed} />
            <JoinedTracesList userId={user.id} collapsed={collapsed} />
          </>
        ) : null
      }
    >
      {user ? (
        <Suspense fallback={null}>
          <LiveEvents userId={user.id} />
        </Suspense>
      ) : null}
      <Outlet />
    </AppLayout>
  );
}
