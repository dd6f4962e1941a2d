import { DiscoverTraders } from '@/features/discovery/components/discover-traders';
import { useSession } from '@/lib/auth';

/**
 * `/discovery` (docs/product.md#discovery): Discover Traders. The viewer's id tells which traces they own ('Manage').
 */
export function DiscoveryRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <DiscoverTraders viewerId={user.id} />;
}
