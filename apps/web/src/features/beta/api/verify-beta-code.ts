import type { VerifyBetaCodeResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { betaKeys } from './query-keys';

export const VERIFY_REQUEST_FAILED = 'Request failed';
export const VERIFY_UNEXPECTED_ERROR = 'Unexpected error';

export interface VerifyBetaCodeInput {
  email: string;
  betaCode: string;
}

/** POST /api/verify-beta-code: right code → whether an account already exists for the address. */
export const verifyBetaCode = (input: VerifyBetaCodeInput): Promise<VerifyBetaCodeResponse> =>
  api.post<VerifyBetaCodeResponse>('/api/verify-beta-code', input);

/** A 403 means no seat is left for a new account (docs/product.md#beta-code-pages). */
export const isBetaFullError = (error: unknown): boolean => isApiError(error) && error.status === 403;

export function useVerifyBetaCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyBetaCode,
    onError: (error) => {
      if (isBetaFullError(error)) void queryClient.invalidateQueries({ queryKey: betaKeys.status() });
    },
  });
}

/**
 * Beta verification (docs/product.md#error-messages): the server's message, else 'Request failed'; anything else
 * 'Unexpected error'.
 */
export function verifyBetaCodeErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? VERIFY_REQUEST_FAILED;
  return VERIFY_UNEXPECTED_ERROR;
}
