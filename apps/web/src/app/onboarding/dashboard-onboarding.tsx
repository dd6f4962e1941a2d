import type { UserView } from '@copytrade/contracts';
import { AVAILABLE_BROKERAGE } from '@copytrade/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useConnections } from '@/features/brokerage/api/get-connections';
import { registerProviderUser, refreshUserAfterRegistration } from '@/features/brokerage/api/register-provider-user';
import { useConnectBrokerage } from '@/features/brokerage/hooks/use-connect-brokerage';
import { connectionForBroker } from '@/features/brokerage/utils/broker-connection';
import type { ProviderRegistration } from '@/features/onboarding/api/auto-subscribe';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { isProviderRegistered } from '@/lib/provider-registration';

/**
 * The wizard with what it borrows from the brokerage feature (features do not import each other; the route
 * composes them): registering with the provider before auto-subscribing, and the connect popup for step 4,
 * which comes back to the dashboard.
 */
export function DashboardOnboarding({ user, onClose }: { user: UserView; onClose: () => void }) {
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
