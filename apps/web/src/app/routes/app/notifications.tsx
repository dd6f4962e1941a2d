import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { useSession } from '@/lib/auth';

/** `/notifications` (docs/product.md#notifications): the signed-in user's notifications. */
export function NotificationsRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <NotificationsPage userId={user.id} />;
}
