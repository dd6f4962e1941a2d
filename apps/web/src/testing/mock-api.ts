import { vi } from 'vitest';
import type { UserView } from '@copytrade/contracts';

/** What a mocked endpoint answers. `networkError` makes fetch reject as if the server were unreachable. */
export interface MockResponse {
  status?: number;
  body?: unknown;
  networkError?: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export type MockHandler = (call: RecordedCall) => MockResponse | Promise<MockResponse>;
export type MockRoutes = Record<string, MockResponse | MockHandler>;

export const TEST_CSRF_TOKEN = 'csrf-test-token';

export const errorBody = (code: string, message: string) => ({ success: false, code, message, traceId: 'trace-test' });

/** The API as a signed-out visitor sees it with maintenance off; override per test with "METHOD /path" keys. */
export function defaultRoutes(): MockRoutes {
  return {
    'GET /api/csrf-token': { body: { csrfToken: TEST_CSRF_TOKEN } },
    'GET /api/verify-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'Please sign in to continue.') },
    'GET /api/maintenance-status': { body: { isMaintenanceModeEnabled: false } },
    'GET /api/owned-traces': { body: { success: true, ownedTraces: [] } },
  };
}

export const signedInAs = (user: UserView): MockRoutes => ({
  'GET /api/verify-token': { body: { success: true, user } },
  [`GET /api/subscriptions/${user.id}`]: { body: { success: true, subscriptions: [] } },
  'GET /api/notifications/unread-count': { body: { success: true, unreadCount: 0 } },
  'GET /api/notifications': { body: { success: true, notifications: [], nextCursor: null, unreadCount: 0 } },
});

/** Replaces global fetch with a router over `routes`; unknown paths answer 404 in the error shape. */
export function mockApi(routes: MockRoutes = {}) {
  const table: MockRoutes = { ...defaultRoutes(), ...routes };
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);

    const route = table[`${method} ${url.pathname}`];
    const result: MockResponse = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, body: errorBody('NOT_FOUND', 'Route not found') };

    if (result.networkError) throw new TypeError('Failed to fetch');
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** Change what an endpoint answers from now on. */
    set: (key: string, response: MockResponse | MockHandler) => {
      table[key] = response;
    },
  };
}

/** A response the test releases when it wants (to observe in-flight states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
