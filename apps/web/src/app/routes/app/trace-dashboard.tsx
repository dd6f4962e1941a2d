import { useParams } from 'react-router-dom';
import { TraceDashboard } from '@/features/trace-dashboard/components/trace-dashboard';
import { useSession } from '@/lib/auth';

/** `/trace/{traceId}/dashboard` (docs/product.md#owner-dashboard): the trace owner's dashboard. */
export function TraceDashboardRoute() {
  const { traceId = '' } = useParams();
  const { user } = useSession();
  if (!user) return null;
  // Another trace starts fresh (tabs, forms, the Trade Manager's timers): the sidebar moves between them here.
  return <TraceDashboard key={traceId} traceId={traceId} user={user} />;
}
