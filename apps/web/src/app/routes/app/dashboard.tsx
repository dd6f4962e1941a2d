import type { UserView } from '@copytrade/contracts';
import { AVAILABLE_BROKERAGE } from '@copytrade/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { lazyRoute } from '@/app/lazy-route';
import { useConnections } from '@/features/brokerage/api/get-connections';
import { registerProviderUser, refreshUserAfterRegistration } from '@/features/brokerage/api/register-provider-user';
import { useConnectBrokerage } from '@/features/brokerage/hooks/use-connect-brokerage';
import { connectionForBroker } from '@/features/brokerage/utils/broker-connection';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import type { ProviderRegistration } from '@/features/onboarding/api/auto-subscribe';
import { OnboardingCheck } from '@/features/onboarding/components/onboarding-check';
import { useOnboardingGate } from '@/features/onboarding/hooks/use-onboarding-gate';
import { useSession } from '@/lib/auth';
import { isProviderRegistered } from '@/lib/provider-registration';

// Only new members see the wizard: it is its own chunk, fetched while their onboarding status is checked.
const OnboardingWizard = lazyRoute(
  () => import('@/features/onboarding/components/onboarding-wizard'),
  (m) => m.OnboardingWizard,
);

/**
 * `/dashboard` (seed 000 §2, §4): 'Checking onboarding status...', then the onboarding wizard for users who
 * have not completed it, else the dashboard. Once the wizard closes the dashboard shows and the user is re-read.
 */
export function DashboardRoute() {
  const { user } = useSession();
  const gate = useOnboardingGate(user);
  const mayNeedWizard = Boolean(user && !user.hasCompletedOnboarding);
  useEffect(() => {
    if (mayNeedWizard) void OnboardingWizard.preload().catch(() => undefined);
  }, [mayNeedWizard]);

  if (!user) return null;
  if (gate.status === 'checking') return <OnboardingCheck />;
  if (gate.status === 'wizard') return <Onboarding user={user} onClose={gate.close} />;
  return <Dashboard user={user} />;
}

/**
 * The wizard with what it borrows from the brokerage feature (features do not import each other; the route
 * composes them): registering with the provider before auto-subscribing, and the connect popup for step 4,
 * which comes back to the dashboard.
 */
function Onboarding({ user, onClose }: { user: UserView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const registered = isProviderRegistered(user);
  const connections = useConnections({ userId: user.id, enabled: registered });
  const { connect, connecting } = useConnectBrokerage({ userId: user.id, customRedirect: '/dashboard' });
  const provider = useMemo<ProviderRegistration>(
    () => ({
      register: (userId) => registerProviderUser({ userId }),
      refreshUser: (userId) => refreshUserAfterRegistration(queryClient, userId),
    }),
    [queryClient],
  );

  return (
    <OnboardingWizard
      user={user}
      onClose={onClose}
      provider={provider}
      brokerage={{
        connection: connectionForBroker(AVAILABLE_BROKERAGE.slug, connections.data?.connections ?? []),
        loading: registered && connections.isPending,
        connecting,
        connect: (slug) => void connect(slug),
      }}
    />
  );
}
