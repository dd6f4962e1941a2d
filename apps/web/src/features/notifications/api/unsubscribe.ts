import type { EmailUnsubscribeResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const UNSUBSCRIBE_FAILED = 'Something went wrong. Please try again.';
/** The server's own words for a link that cannot be one (EmailUnsubscribeQueryDto). */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

/** POST /api/notifications/unsubscribe?token=… (no sign-in needed: the token names the recipient and the topic). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<EmailUnsubscribeResponse>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`),
  });
}

export const unsubscribeErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.status < 500 && error.serverMessage) || UNSUBSCRIBE_FAILED;
