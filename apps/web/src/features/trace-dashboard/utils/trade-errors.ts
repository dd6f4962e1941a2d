import { isApiError } from '@/lib/api-client';
import type { Notice } from './avatar-file';

/** The server's retry-after when a 429 does not say. */
export const DEFAULT_RETRY_AFTER_S = 180;

/** A 429's wait and message (retryAfter in the body or details, else 180 s). */
export function rateLimitOf(error: unknown): { retryAfter: number; message: string } | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const details = (error.details && typeof error.details === 'object' ? error.details : {}) as {
    retryAfter?: unknown;
    retryAfterSeconds?: unknown;
  };
  const raw = Number(details.retryAfter ?? details.retryAfterSeconds);
  return {
    retryAfter: Number.isFinite(raw) && raw > 0 ? Math.ceil(raw) : DEFAULT_RETRY_AFTER_S,
    message: error.serverMessage ?? 'Too many requests. Please wait before syncing again.',
  };
}

const ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND';

/** Refresh-brokerage errors (docs/product.md#error-messages) other than 429 (which starts the rate-limit state). */
export function refreshErrorNotice(error: unknown): Notice {
  if (isApiError(error)) {
    if (error.status === 402)
      return {
        title: 'Insufficient Credits',
        description: "Your account doesn't have enough credits for real-time refresh ($0.05 required)",
      };
    // A 404 from the route itself (not built yet) is not a missing connection.
    if (error.status === 404 && error.code !== ROUTE_NOT_FOUND)
      return { title: 'Connection Not Found', description: 'Please reconnect your brokerage account in Settings' };
    return { title: 'Refresh Failed', description: error.serverMessage };
  }
  return { title: 'Refresh Failed', description: error instanceof Error ? error.message : undefined };
}

/** The server's message when it sent one, else the fallback (docs/product.md#error-messages). */
export const serverMessageOr = (error: unknown, fallback: string): string =>
  (isApiError(error) && error.serverMessage) || fallback;
