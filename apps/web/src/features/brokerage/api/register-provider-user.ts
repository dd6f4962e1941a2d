import type { ProviderCredentialsResponse, RegisterProviderUserResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { authKeys, getSessionQueryOptions, type Session } from '@/lib/auth';
import { isProviderRegistered } from '@/lib/provider-registration';
import { brokerageKeys } from '@/lib/brokerage/query-keys';

export const REGISTRATION_FAILED = 'Failed to register with SnapTrade';

/** POST /api/snaptrade/register-user {userId}: registers the user with the provider (once; again is a no-op). */
export const registerProviderUser = ({ userId }: { userId: string }): Promise<RegisterProviderUserResponse> =>
  api.post<RegisterProviderUserResponse>('/api/snaptrade/register-user', { userId });

/**
 * After registering, the current user is refreshed from the token-verification call (docs/product.md#settings). The
 * identity service learns of the registration from an event, so that answer may not carry it yet: then the
 * owner's credentials are read from the brokerage service and put into the session's user.
 */
export async function refreshUserAfterRegistration(queryClient: QueryClient, userId: string): Promise<void> {
  const fresh = await queryClient.fetchQuery({ ...getSessionQueryOptions(), staleTime: 0 });
  if (!fresh || isProviderRegistered(fresh)) return;
  const credentials = await api.get<ProviderCredentialsResponse>(
    `/api/snaptrade/credentials/${encodeURIComponent(userId)}`,
  );
  queryClient.setQueryData<Session>(authKeys.session(), (current) =>
    current
      ? {
          ...current,
          snaptradeUserId: credentials.snaptradeUserId,
          snaptradeUserSecret: credentials.snaptradeUserSecret,
        }
      : current,
  );
}

export function useRegisterProviderUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerProviderUser,
    onSuccess: async (_response, { userId }) => {
      try {
        await refreshUserAfterRegistration(queryClient, userId);
      } catch (error) {
        // The registration itself succeeded; the session catches up on its next verification.
        console.error('Could not refresh the user after registering with SnapTrade', error);
      }
      await queryClient.invalidateQueries({ queryKey: brokerageKeys.all });
    },
  });
}

export const registrationErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.serverMessage) || REGISTRATION_FAILED;
