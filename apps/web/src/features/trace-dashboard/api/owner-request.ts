import type { ErrorBody } from '@copytrade/contracts';
import { ApiError, CSRF_HEADER, getCsrfToken, NetworkError, resetCsrfToken } from '@/lib/api-client';

/**
 * An error answer with its whole body kept: the owner's sell puts the failure fields (isMarketHoursRestriction,
 * technical, errorCode, canRetry) beside `code` and `message`, where the shared client's ApiError does not keep them.
 */
export class OwnerApiError extends ApiError {
  readonly body: Record<string, unknown>;
  constructor(status: number, body: unknown) {
    super(status, body as Partial<ErrorBody> | undefined);
    this.body = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
}

export const isOwnerApiError = (error: unknown): error is OwnerApiError => error instanceof OwnerApiError;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A POST with the session cookie and CSRF header, as the shared client sends it (a 403 CSRF_INVALID fetches a new
 * token and retries once), for the calls that need the whole body of an error (JSON) or send a form (multipart).
 */
export async function ownerPost<T>(
  url: string,
  body: FormData | object,
  headers: Record<string, string> = {},
): Promise<T> {
  const isForm = body instanceof FormData;
  const send = async () => {
    const token = await getCsrfToken();
    try {
      return await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          ...(isForm ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
          [CSRF_HEADER]: token,
        },
        body: isForm ? body : JSON.stringify(body),
      });
    } catch (error) {
      throw new NetworkError(error);
    }
  };
  let response = await send();
  let payload = await readBody(response);
  if (response.status === 403 && (payload as Partial<ErrorBody> | undefined)?.code === 'CSRF_INVALID') {
    resetCsrfToken();
    response = await send();
    payload = await readBody(response);
  }
  if (!response.ok) throw new OwnerApiError(response.status, payload);
  return payload as T;
}
