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
