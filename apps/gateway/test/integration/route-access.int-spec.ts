import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startGatewayAlone } from '../support/gateway-alone';

/**
 * The gateway alone (no services behind it): a request without a session cookie never reaches identity, so
 * every answer here comes from the gateway's routing, body parsing and session guard.
 */
let app: NestExpressApplication;
let agent: ReturnType<typeof request.agent>;
let csrfToken: string;

beforeAll(async () => {
  app = await startGatewayAlone();
  agent = request.agent(app.getHttpServer());
  csrfToken = (await agent.get('/api/csrf-token').expect(200)).body.csrfToken;
});

afterAll(async () => {
  await app?.close();
});

const send = (method: 'get' | 'post', path: string, body?: string) => {
  const call = agent[method](path).set('x-csrf-token', csrfToken).set('x-request-id', 'route-access-test');
  return body === undefined ? call : call.set('content-type', 'application/json').send(body);
};

/** Spellings of a protected route that a path-prefix check would have let through (the bug was /API/...). */
const SPELLINGS = (path: string) => [
  path,
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
  path.replace('/api/paper/', '/api/%70aper/'),
  path.replace('/api/paper/', '/api/PAPER/'),
  `/${path}`,
  path.replace('/api/', '/api/./'),
  path.replace('/api/paper/', '/api/paper/../paper/'),
  `${path}/`,
  `${path}?x=1`,
];

it.each([
  ['post', '/api/paper/orders'],
  ['get', '/api/paper/market'],
  ['get', '/api/verify-token'],
] as const)('%s %s: no spelling reaches the handler without a session (401 or 404)', async (method, path) => {
  const answers: string[] = [];
  for (const spelling of [
    ...SPELLINGS(path),
    path.replace('/api/', '/API/').toUpperCase(),
    path.replace('/api/', '/aPi/'),
  ]) {
    const response = await send(method, spelling, method === 'post' ? '{"symbol":"AAPL"}' : undefined);
    answers.push(`${spelling} ${response.status} ${response.body?.code}`);
  }
  for (const answer of answers) expect(answer).toMatch(/ (401 UNAUTHENTICATED|404 (ROUTE_NOT_FOUND|NOT_FOUND))$/);
  // The exact spelling exists and is refused for want of a session.
  expect(answers[0]).toMatch(/ 401 UNAUTHENTICATED$/);
});

it('routes match only as written: another case or a trailing slash is a 404', async () => {
  expect((await send('get', '/api/maintenance-status')).status).not.toBe(404);
  expect((await send('get', '/API/maintenance-status')).status).toBe(404);
  expect((await send('get', '/api/maintenance-status/')).status).toBe(404);
  // A controller's root route (`@Get()` under `api/user/notification-preferences`) still matches without a slash.
  expect((await send('get', '/api/user/notification-preferences')).status).toBe(401);
  expect((await send('get', '/api/admin/beta-requests')).status).toBe(401);
});

it('public routes and the probes answer without a session', async () => {
  expect((await send('get', '/health')).body).toMatchObject({ status: 'ok' });
  expect((await send('get', '/api/docs')).status).toBe(200);
  const issued = await send('get', '/api/csrf-token');
  expect(issued.status).toBe(200);
  csrfToken = issued.body.csrfToken; // a new token replaces the cookie the later calls send
  // Protected by default: a controller nobody marked public.
  expect((await send('get', '/api/owned-traces')).status).toBe(401);
});

describe('notifications', () => {
  it.each([
    ['get', '/api/notifications'],
    ['get', '/api/notifications/unread-count'],
    ['post', '/api/notifications/read-all'],
    ['post', '/api/notifications/7d0f1f8e-4bb6-4c5e-9d8f-2a6a4f0c1b11/read'],
    ['get', '/api/user/owner-notification-preferences'],
  ] as const)('%s %s needs a session (401)', async (method, path) => {
    const response = await send(method, path, method === 'post' ? '{}' : undefined);
    expect([response.status, response.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('PUT /api/user/owner-notification-preferences needs a session (401)', async () => {
    const response = await agent
      .put('/api/user/owner-notification-preferences')
      .set('x-csrf-token', csrfToken)
      .send({ emailComments: true });
    expect([response.status, response.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('the one-click unsubscribe takes a form POST without session or CSRF token: a missing token is a 400', async () => {
    // A mail client: no cookie, no CSRF token, the RFC 8058 body.
    const bare = request(app.getHttpServer());
    for (const path of ['/api/notifications/unsubscribe', '/api/notifications/unsubscribe?token=']) {
      const response = await bare
        .post(path)
        .set('content-type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click');
      expect([response.status, response.body.message]).toEqual([400, 'This unsubscribe link is not valid.']);
    }
    const tooLong = await bare.post(`/api/notifications/unsubscribe?token=${'a'.repeat(1_001)}`);
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'This unsubscribe link is not valid.']);
    const extra = await bare.post('/api/notifications/unsubscribe?token=abc&user=someone');
    expect(extra.status).toBe(400);
    // A token passes on to identity (none runs here: 503), neither refused for CSRF nor for want of a session.
    const passed = await bare
      .post('/api/notifications/unsubscribe?token=abc.def')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(passed.status).toBe(503);
  });
});

describe('bodies nested too deep', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it.each([
    ['/api/login', deep(3000)],
    ['/api/login', deepObject(3000)],
    ['/api/final-signup', deepObject(40)],
    ['/api/paper/orders', deep(3000)],
  ])('POST %s answers 400 BODY_TOO_DEEP before validation or the session check', async (path, body) => {
    const response = await send('post', path, body);
    expect([response.status, response.body.code]).toEqual([400, 'BODY_TOO_DEEP']);
    expect(response.body).toMatchObject({ success: false, traceId: expect.any(String) });
  });

  it('a body of ordinary depth goes on to validation', async () => {
    const response = await send('post', '/api/login', JSON.stringify({ username: 'x' }));
    expect([response.status, response.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
