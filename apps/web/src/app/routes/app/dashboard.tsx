import { useEffect } from 'react';
import { lazyRoute } from '@/app/lazy-route';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { OnboardingCheck } from '@/features/onboarding/components/onboarding-check';
import { useOnboardingGate } from '@/features/onboarding/hooks/use-onboarding-gate';
import { useSession } from '@/lib/auth';

// Only new members see the wizard: it is its own chunk (with the brokerage pieces it borrows), fetched while their
// onboarding status is checked, so members who finished onboarding never download it.
const Onboarding = lazyRoute(
  () => import('@/app/onboarding/dashboard-onboarding'),
  (m) => m.DashboardOnboarding,
);

/**
 * `/dashboard` (docs/product.md#dashboard): 'Checking onboarding status...', then the onboarding wizard for users who
 * have not completed it, else the dashboard. Once the wizard closes the dashboard shows and the user is re-read.
 */
export function DashboardRoute() {
  const { user } = useSession();
  const gate = useOnboardingGate(user);
  const mayNeedWizard = Boolean(user && !user.hasCompletedOnboarding);
  useEffect(() => {
    if (mayNeedWizard) void Onboarding.preload().catch(() => undefined);
  }, [mayNeedWizard]);

  if (!user) return null;
  if (gate.status === 'checking') return <OnboardingCheck />;
  if (gate.status === 'wizard') return <Onboarding user={user} onClose={gate.close} />;
  return <Dashboard user={user} />;
}
