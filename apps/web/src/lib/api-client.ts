import type { CsrfTokenResponse, ErrorBody } from '@copytrade/contracts';

/**
 * The one way the web app talks to the gateway (same origin, `/api/*`).
 *
 * - Every request carries the session cookie (`credentials: 'include'`).
 * - Every POST/PUT/PATCH/DELETE carries `x-csrf-token`. The token comes from `GET /api/csrf-token`, is
 *   cached in memory, and is bound to the session cookie: calls that start or end a session
 *   (`rotatesSession`) drop it so the next mutation fetches a fresh one. A mutation answered with
 *   403 `CSRF_INVALID` drops the token, fetches a new one and is retried exactly once.
 * - Error bodies (`{ success: false, code, message, details?, traceId }`) become a typed `ApiError`;
 *   a request that never got an answer becomes a `NetworkError`.
 */

export const CSRF_HEADER = 'x-csrf-token';
const CSRF_INVALID = 'CSRF_INVALID';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** The message the server sent, when it sent one (components prefer it over their own default). */
  readonly serverMessage: string | undefined;
  readonly details: unknown;
  readonly traceId: string | undefined;

  constructor(status: number, body: Partial<ErrorBody> | undefined) {
    const serverMessage = typeof body?.message === 'string' && body.message.length > 0 ? body.message : undefined;
    super(serverMessage ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : `HTTP_${status}`;
    this.serverMessage = serverMessage;
    this.details = body?.details;
    this.traceId = typeof body?.traceId === 'string' ? body.traceId : undefined;
  }
}

/** The request never got an HTTP answer (offline, DNS, connection refused, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause?: unknown) {
    super('Network error occurred', { cause });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The call starts or ends a session (login, logout): the CSRF token bound to the old session is dropped. */
  rotatesSession?: boolean;
}

let csrfToken: Promise<string> | null = null;

/** The cached CSRF token, fetched on first use. */
export function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    const pending = fetchCsrfToken();
    csrfToken = pending;
    // A failed fetch is not cached: the next mutation tries again.
    pending.catch(() => {
      if (csrfToken === pending) csrfToken = null;
    });
  }
  return csrfToken;
}

/** Forget the cached token; the next mutation fetches a fresh one. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

async function fetchCsrfToken(): Promise<string> {
  const response = await send('GET', '/api/csrf-token', undefined, {});
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body as Partial<ErrorBody> | undefined);
  const token = (body as Partial<CsrfTokenResponse> | undefined)?.csrfToken;
  if (typeof token !== 'string' || token.length === 0) {
    throw new ApiError(response.status, { message: 'The server sent no CSRF token' });
  }
  return token;
}

async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  options: RequestOptions,
  token?: string,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers[CSRF_HEADER] = token;
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function request<T>(method: HttpMethod, url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const mutating = MUTATING_METHODS.has(method);
  try {
    let response = await send(method, url, body, options, mutating ? await getCsrfToken() : undefined);
    let payload = await readBody(response);

    if (mutating && response.status === 403 && (payload as Partial<ErrorBody> | undefined)?.code === CSRF_INVALID) {
      resetCsrfToken();
      response = await send(method, url, body, options, await getCsrfToken());
      payload = await readBody(response);
    }

    if (!response.ok) throw new ApiError(response.status, payload as Partial<ErrorBody> | undefined);
    return payload as T;
  } finally {
    if (options.rotatesSession) resetCsrfToken();
  }
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, body, options),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', url, body, options),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, undefined, options),
};
