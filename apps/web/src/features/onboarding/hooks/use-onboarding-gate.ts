import type { UserView } from '@copytrade/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { authKeys } from '@/lib/auth';
import { useOnboardingStatus } from '../api/check-onboarding-status';

/**
 * Onboarding (docs/product.md#onboarding-wizard): unknown/checking, then completed (the dashboard) or not completed
 * (the wizard).
 */
export type OnboardingGateStatus = 'checking' | 'wizard' | 'completed';

/**
 * Decides what /dashboard shows (docs/product.md#onboarding-wizard): the user's hasCompletedOnboarding flag first; else
 * the server's check; if that check fails, the user's own flag. Once the wizard is shown it stays until `close()` (so
 * the flag stored on completion does not cut its ~100 ms close short); `close()` shows the dashboard, whatever
 * completion came to, and re-reads the user from the server.
 */
export function useOnboardingGate(user: UserView | null): { status: OnboardingGateStatus; close: () => void } {
  const queryClient = useQueryClient();
  const [closed, setClosed] = useState(false);
  const [wizardOpen, setWizardOpen] = useState(false);
  const flag = user?.hasCompletedOnboarding === true;
  const check = useOnboardingStatus({ userId: user?.id ?? '', enabled: Boolean(user) && !flag && !closed });

  useEffect(() => {
    if (check.error) console.error('Failed to check the onboarding status; the local flag decides', check.error);
  }, [check.error]);

  let decided: OnboardingGateStatus;
  if (!user) decided = 'checking';
  else if (flag) decided = 'completed';
  else if (check.isPending) decided = 'checking';
  else if (check.isSuccess) decided = check.data ? 'completed' : 'wizard';
  // The check failed: the user's own flag decides, and it says not completed.
  else decided = 'wizard';

  // Latch the wizard open (state updated while rendering: React re-renders at once, before painting).
  if (decided === 'wizard' && !wizardOpen && !closed) setWizardOpen(true);

  const close = useCallback(() => {
    setClosed(true);
    void queryClient.invalidateQueries({ queryKey: authKeys.session() });
  }, [queryClient]);

  const status: OnboardingGateStatus = closed ? 'completed' : wizardOpen ? 'wizard' : decided;
  return { status, close };
}
