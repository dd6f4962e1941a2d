import type { AutoSubscribeResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tracesKeys } from '@/lib/traces/query-keys';
import { api, isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';

/** POST /api/auto-subscribe {userId}: subscribes the user to the designated trader at a tier that can copy. */
export const autoSubscribe = ({ userId }: { userId: string }): Promise<AutoSubscribeResponse> =>
  api.post<AutoSubscribeResponse>('/api/auto-subscribe', { userId });

/**
 * Registration with the brokerage-aggregation provider, done before auto-subscribing when the user has none.
 * The calls belong to the brokerage feature: the route passes them in.
 */
export interface ProviderRegistration {
  /** POST /api/snaptrade/register-user {userId}. */
  register: (userId: string) => Promise<unknown>;
  /** Re-reads the session user after registering, the provider's credentials included. */
  refreshUser: (userId: string) => Promise<void>;
}

/**
 * What 'Auto-Subscribe Now' came to (docs/product.md#onboarding-wizard): `subscribed` (an ok answer) and `failed` (the
 * call threw, no answer) both move on to step 3; `refused` (an answer that is not ok) stays on step 2.
 */
export type AutoSubscribeOutcome = 'subscribed' | 'refused' | 'failed';

export interface AutoSubscribeFlowInput {
  userId: string;
  /** The user has no provider registration yet: register first (a failure is only logged). */
  registerFirst: boolean;
}

/**
 * 'Auto-Subscribe Now': registers with the provider when needed, auto-subscribes, then refreshes the sidebar's
 * Joined Traces and the session user (autoSubscribedToTrader, and the registration). Never rejects: failures
 * are only logged (docs/product.md#error-messages) and reported as the outcome.
 */
export function useAutoSubscribeFlow({ provider }: { provider: ProviderRegistration }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, registerFirst }: AutoSubscribeFlowInput): Promise<AutoSubscribeOutcome> => {
      let registered = false;
      if (registerFirst) {
        try {
          await provider.register(userId);
          registered = true;
        } catch (error) {
          console.error('SnapTrade registration during onboarding failed; auto-subscribing anyway', error);
        }
      }

      let outcome: AutoSubscribeOutcome;
      try {
        await autoSubscribe({ userId });
        outcome = 'subscribed';
      } catch (error) {
        outcome = isApiError(error) ? 'refused' : 'failed';
        console.error('Auto-subscribe to the designated trader failed', error);
      }

      try {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: tracesKeys.subscriptions(userId) }),
          registered ? provider.refreshUser(userId) : queryClient.invalidateQueries({ queryKey: authKeys.session() }),
        ]);
      } catch (error) {
        console.error('Could not refresh the user after auto-subscribing', error);
      }
      return outcome;
    },
  });
}
