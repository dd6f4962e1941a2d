import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** `/discovery` (seed 001 §2.2). */
export function DiscoveryRoute() {
  return <NotBuiltYet title="Discover Traders" />;
}
