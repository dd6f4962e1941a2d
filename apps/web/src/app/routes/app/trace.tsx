import { useParams } from 'react-router-dom';
import { useCopyDialogs } from '@/features/copy-trading/components/copy-dialogs';
import { TraceGuardsPanel } from '@/features/copy-guards/components/trace-guards-panel';
import { TracePage } from '@/features/trace-page/components/trace-page';
import { useSession } from '@/lib/auth';

/**
 * `/trace/{traceId}` (docs/product.md#trace-page): the public profile, or the full view for the owner or a subscriber.
 */
export function TraceRoute() {
  const { traceId = '' } = useParams();
  const { user } = useSession();
  if (!user) return null;
  // A new trace starts fresh (open tab, throttle): the sidebar moves between traces on this same route.
  return (
    <TracePage
      key={traceId}
      traceId={traceId}
      user={user}
      followerControls={(traceName) => <TraceGuardsPanel traceId={traceId} traceName={traceName} />}
      useCopyDialogs={useCopyDialogs}
    />
  );
}
