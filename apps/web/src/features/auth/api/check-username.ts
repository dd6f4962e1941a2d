import type { AvailabilityResponse } from '@copytrade/contracts';
import { SignupMessages } from '@copytrade/contracts/rules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authFormKeys } from './query-keys';

export const USERNAME_CHECK_FAILED = 'Error checking username';
export const USERNAME_CHECK_UNREACHABLE = 'Error checking username availability';

/** POST /api/check-username: whether a username can still be registered. */
export const checkUsername = (username: string, signal?: AbortSignal): Promise<AvailabilityResponse> =>
  api.post<AvailabilityResponse>('/api/check-username', { username }, { signal });

export const checkUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: authFormKeys.usernameAvailability(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    retry: false,
    staleTime: 30 * 1000,
  });

export const usernameAvailabilityMessages = {
  available: SignupMessages.usernameAvailable,
  unavailable: SignupMessages.usernameTaken,
  failed: USERNAME_CHECK_FAILED,
  unreachable: USERNAME_CHECK_UNREACHABLE,
} as const;
