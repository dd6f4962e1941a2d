import { Outlet } from 'react-router-dom';
import { AppLayout } from '@/components/layouts/app-layout';
import { JoinedTracesList } from '@/features/traces/components/joined-traces-list';
import { OwnedTracesList } from '@/features/traces/components/owned-traces-list';
import { useSession } from '@/lib/auth';
import { useLiveEvents } from '@/lib/live-events/use-live-events';

/** The signed-in shell with the user's owned and joined traces in the sidebar. */
export function AppRoot() {
  const { user } = useSession();
  useLiveEvents(user?.id);
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
      <Outlet />
    </AppLayout>
  );
}
