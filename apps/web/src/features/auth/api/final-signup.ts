import type { FinalSignupResponse } from '@copytrade/contracts';
import type { SignupForm } from '@copytrade/contracts/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { authKeys, type Session } from '@/lib/auth';

export const SIGNUP_FAILED = 'Signup failed';
export const SIGNUP_UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * POST /api/final-signup with the nine fields. The server creates the account and signs the user in
 * (session cookie, as /api/login does), so the CSRF token bound to the old session is dropped.
 */
export async function finalSignup(form: SignupForm): Promise<FinalSignupResponse> {
  const response = await api.post<FinalSignupResponse | { success?: boolean; message?: string }>(
    '/api/final-signup',
    form,
    {
      rotatesSession: true,
    },
  );
  if (!('user' in response) || response.success !== true || !response.user) {
    throw new SignupRefusedError(response.message);
  }
  return response;
}

/** A 200 answer that is not a success (docs/product.md#error-messages). */
export class SignupRefusedError extends Error {
  override readonly name = 'SignupRefusedError';
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? SIGNUP_FAILED);
  }
}

/** On success the user becomes the session's user (docs/product.md#signup). */
export function useFinalSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalSignup,
    onSuccess: async (response) => {
      await queryClient.cancelQueries({ queryKey: authKeys.session() });
      queryClient.setQueryData<Session>(authKeys.session(), response.user);
    },
  });
}

/**
 * Signup (docs/product.md#error-messages): the server's message, or 'Signup failed', or 'An unexpected error occurred'.
 */
export function signupErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? SIGNUP_FAILED;
  if (error instanceof SignupRefusedError) return error.serverMessage ?? SIGNUP_FAILED;
  return SIGNUP_UNEXPECTED_ERROR;
}
