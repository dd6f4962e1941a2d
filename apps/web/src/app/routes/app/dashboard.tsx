import { Dashboard } from '@/features/dashboard/components/dashboard';
import { useSession } from '@/lib/auth';

/**
 * `/dashboard` (seed 000 §2). The onboarding wizard that the seed shows in its place for users who have not
 * completed onboarding is a later issue: for now everyone sees the dashboard.
 */
export function DashboardRoute() {
  const { user } = useSession();
  if (!user) return null;
  return <Dashboard user={user} />;
}
