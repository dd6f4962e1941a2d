import type { ForgotPasswordResponse } from '@copytrade/contracts';
import { Messages } from '@copytrade/contracts/rules';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, isNetworkError } from '@/lib/api-client';

export const FORGOT_PASSWORD_FAILED = 'Failed to send reset email';
export const PASSWORD_NETWORK_ERROR = 'Network error occurred. Please try again.';

/** POST /api/auth/forgot-password: e-mails a reset link if the address has an account (same answer either way). */
export const requestPasswordReset = ({ email }: { email: string }): Promise<ForgotPasswordResponse> =>
  api.post<ForgotPasswordResponse>('/api/auth/forgot-password', { email });

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Forgot password (docs/product.md#error-messages): 429 (server text or the default), other failures, network. */
export function forgotPasswordErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return PASSWORD_NETWORK_ERROR;
  if (isApiError(error) && error.status === 429) return error.serverMessage ?? Messages.tooManyRequests;
  if (isApiError(error)) return error.serverMessage ?? FORGOT_PASSWORD_FAILED;
  return FORGOT_PASSWORD_FAILED;
}
