import { TraceGuardsList } from '@/features/copy-guards/components/trace-guards-list';
import { MyCopies } from '@/features/my-copies/components/my-copies';
import { useSession } from '@/lib/auth';

/**
 * `/my-copies` (docs/product.md): My Copy Trades, with automatic copying and limits per trace copied from. Without a
 * user nothing loads (and no timer runs).
 */
export function MyCopiesRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <MyCopies user={user} traceControls={(traces) => <TraceGuardsList traces={traces} />} />;
}
