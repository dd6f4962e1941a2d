import type { CompleteOnboardingResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys, type Session } from '@/lib/auth';

/** POST /api/complete-onboarding {userId} (cookies): the server records it and answers with the user. */
export async function completeOnboarding({ userId }: { userId: string }): Promise<CompleteOnboardingResponse> {
  return api.post<CompleteOnboardingResponse>('/api/complete-onboarding', { userId });
}

/** Completes onboarding; on success the session's user is stored with hasCompletedOnboarding true. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async (response) => {
      await queryClient.cancelQueries({ queryKey: authKeys.session() });
      // The user as held (the dashboard re-reads it from the server once the wizard has closed), with the flag.
      queryClient.setQueryData<Session>(authKeys.session(), (current) => {
        const user = current ?? response.user;
        return user ? { ...user, hasCompletedOnboarding: true } : user;
      });
    },
  });
}
