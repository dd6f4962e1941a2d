import type { SubmitFeedbackResponse } from '@copytrade/contracts';
import type { FeedbackType } from '@copytrade/contracts/rules';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export const FEEDBACK_FAILED = 'Failed to send feedback. Please try again.';

export interface BrowserInfo {
  language: string;
  platform: string;
  userAgent: string;
  cookieEnabled: boolean;
  onLine: boolean;
  screen: { width: number; height: number; colorDepth: number };
  window: { innerWidth: number; innerHeight: number };
}

export interface FeedbackInput {
  type: FeedbackType;
  message: string;
  email: string;
  page: string;
  userAgent: string;
  browserInfo: BrowserInfo;
}

const whole = (value: number | undefined): number =>
  Number.isFinite(value) ? Math.max(0, Math.round(value as number)) : 0;

/** What the browser reports about itself with a feedback (docs/product.md#entities-and-fields). */
export function collectBrowserInfo(): BrowserInfo {
  return {
    language: navigator.language ?? '',
    platform: navigator.platform ?? '',
    userAgent: navigator.userAgent ?? '',
    cookieEnabled: navigator.cookieEnabled ?? false,
    onLine: navigator.onLine ?? true,
    screen: {
      width: whole(window.screen?.width),
      height: whole(window.screen?.height),
      colorDepth: whole(window.screen?.colorDepth),
    },
    window: { innerWidth: whole(window.innerWidth), innerHeight: whole(window.innerHeight) },
  };
}

/** POST /api/feedback/submit (cookies): the server stores it under the signed-in user. */
export const submitFeedback = (input: FeedbackInput): Promise<SubmitFeedbackResponse> =>
  api.post<SubmitFeedbackResponse>('/api/feedback/submit', input);

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}

/** The failure toast shows the server's message, or the default (see docs/product.md#error-messages). */
export const feedbackErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.serverMessage) || FEEDBACK_FAILED;
