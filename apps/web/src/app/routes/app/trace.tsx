import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** `/trace/{traceId}` (seed 001 §2.3). */
export function TraceRoute() {
  return <NotBuiltYet title="Trace Profile" />;
}
