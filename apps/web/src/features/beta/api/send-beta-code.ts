import type { SendBetaCodeResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const SEND_BETA_CODE_FAILED = 'Failed to send beta code';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** POST /api/send-beta-code: asks for a beta code; the answer is the same whether or not a code is sent. */
export const sendBetaCode = ({ email }: { email: string }): Promise<SendBetaCodeResponse> =>
  api.post<SendBetaCodeResponse>('/api/send-beta-code', { email });

export function useSendBetaCode() {
  return useMutation({ mutationFn: sendBetaCode });
}

/**
 * Beta request (docs/product.md#error-messages): the server's message, or 'Failed to send beta code', or the unexpected
 * text.
 */
export function sendBetaCodeErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? SEND_BETA_CODE_FAILED;
  return UNEXPECTED_ERROR;
}
