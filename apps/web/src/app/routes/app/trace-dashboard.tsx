import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** `/trace/{traceId}/dashboard` (seed 001 §2.7). */
export function TraceDashboardRoute() {
  return <NotBuiltYet title="Trace Dashboard" />;
}
