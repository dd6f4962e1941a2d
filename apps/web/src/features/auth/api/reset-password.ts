import type { ResetPasswordResponse } from '@copytrade/contracts';
import { Messages } from '@copytrade/contracts/rules';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, isNetworkError } from '@/lib/api-client';
import { PASSWORD_NETWORK_ERROR } from './forgot-password';

export const RESET_PASSWORD_FAILED = 'Failed to reset password';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /api/auth/reset-password: sets the new password with the e-mailed single-use token. */
export const resetPassword = (input: ResetPasswordInput): Promise<ResetPasswordResponse> =>
  api.post<ResetPasswordResponse>('/api/auth/reset-password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** Reset password (docs/product.md#error-messages): 429 as for forgot password, 'Failed to reset password', network. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return PASSWORD_NETWORK_ERROR;
  if (isApiError(error) && error.status === 429) return error.serverMessage ?? Messages.tooManyRequests;
  if (isApiError(error)) return error.serverMessage ?? RESET_PASSWORD_FAILED;
  return RESET_PASSWORD_FAILED;
}
