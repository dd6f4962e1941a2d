import { describe, expect, it } from 'vitest';
import { errorBody, mockApi, type MockHandler } from '@/testing/mock-api';
import { ApiError, NetworkError, api } from './api-client';

function issueTokens(): MockHandler {
  let issued = 0;
  return () => ({ body: { csrfToken: `token-${++issued}` } });
}

describe('api client', () => {
  it('sends-cookies-and-no-csrf-token-on-reads', async () => {
    const mock = mockApi({ 'GET /api/thing': { body: { ok: true } } });
    await expect(api.get('/api/thing')).resolves.toEqual({ ok: true });

    const [call] = mock.callsTo('GET /api/thing');
    expect(call?.headers.has('x-csrf-token')).toBe(false);
    expect(mock.fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include', method: 'GET' });
    expect(mock.callsTo('GET /api/csrf-token')).toHaveLength(0);
  });

  it('fetches-the-csrf-token-once-and-sends-it-on-every-mutation', async () => {
    const mock = mockApi({ 'GET /api/csrf-token': issueTokens(), 'POST /api/thing': { body: { ok: true } } });
    await api.post('/api/thing', { a: 1 });
    await api.post('/api/thing', { a: 2 });

    expect(mock.callsTo('GET /api/csrf-token')).toHaveLength(1);
    const calls = mock.callsTo('POST /api/thing');
    expect(calls.map((call) => call.headers.get('x-csrf-token'))).toEqual(['token-1', 'token-1']);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[1]?.body).toEqual({ a: 2 });
  });

  it('refetches-the-token-and-retries-once-on-csrf-invalid', async () => {
    let attempts = 0;
    const mock = mockApi({
      'GET /api/csrf-token': issueTokens(),
      'POST /api/thing': () =>
        ++attempts === 1
          ? { status: 403, body: errorBody('CSRF_INVALID', 'Invalid CSRF token') }
          : { body: { ok: true } },
    });

    await expect(api.post('/api/thing', {})).resolves.toEqual({ ok: true });
    expect(mock.callsTo('POST /api/thing').map((call) => call.headers.get('x-csrf-token'))).toEqual([
      'token-1',
      'token-2',
    ]);
  });

  it('gives-up-after-one-retry', async () => {
    const mock = mockApi({
      'GET /api/csrf-token': issueTokens(),
      'POST /api/thing': { status: 403, body: errorBody('CSRF_INVALID', 'Invalid CSRF token') },
    });

    await expect(api.post('/api/thing', {})).rejects.toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(mock.callsTo('POST /api/thing')).toHaveLength(2);
  });

  it('does-not-retry-other-403s', async () => {
    const mock = mockApi({ 'POST /api/thing': { status: 403, body: errorBody('FORBIDDEN', 'Admins only') } });
    await expect(api.post('/api/thing', {})).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Admins only',
    });
    expect(mock.callsTo('POST /api/thing')).toHaveLength(1);
  });

  it('drops-the-token-after-a-call-that-changes-the-session', async () => {
    const mock = mockApi({
      'GET /api/csrf-token': issueTokens(),
      'POST /api/login': { body: { success: true } },
      'POST /api/thing': { body: { ok: true } },
    });
    await api.post('/api/login', {}, { rotatesSession: true });
    await api.post('/api/thing', {});

    expect(mock.callsTo('POST /api/thing')[0]?.headers.get('x-csrf-token')).toBe('token-2');
  });

  it('turns-error-bodies-into-typed-errors', async () => {
    mockApi({
      'GET /api/thing': { status: 404, body: { ...errorBody('TRACE_NOT_FOUND', 'Trace not found'), traceId: 'abc' } },
    });
    const error = await api.get('/api/thing').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'TRACE_NOT_FOUND',
      serverMessage: 'Trace not found',
      traceId: 'abc',
    });
  });

  it('gives-a-generic-code-when-the-body-is-not-an-error-body', async () => {
    mockApi({ 'GET /api/thing': { status: 502 } });
    await expect(api.get('/api/thing')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      serverMessage: undefined,
    });
  });

  it('reports-unreachable-servers-as-network-errors', async () => {
    mockApi({ 'GET /api/thing': { networkError: true } });
    await expect(api.get('/api/thing')).rejects.toBeInstanceOf(NetworkError);
  });

  it('retries-the-token-fetch-after-it-failed', async () => {
    let csrfCalls = 0;
    const mock = mockApi({
      'GET /api/csrf-token': () => (++csrfCalls === 1 ? { networkError: true } : { body: { csrfToken: 'fresh' } }),
      'POST /api/thing': { body: { ok: true } },
    });
    await expect(api.post('/api/thing', {})).rejects.toBeInstanceOf(NetworkError);
    await expect(api.post('/api/thing', {})).resolves.toEqual({ ok: true });
    expect(mock.callsTo('POST /api/thing')[0]?.headers.get('x-csrf-token')).toBe('fresh');
  });
});
