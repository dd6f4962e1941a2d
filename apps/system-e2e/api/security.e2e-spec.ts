import { randomUUID } from 'node:crypto';
import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * Access control through the whole product: the session guard follows the route, whatever the path's spelling;
 * developer endpoints act only for the session's user (login limits: login-limits.e2e-spec.ts).
 */
const suite = useTestPlatform('security', { TRUST_PROXY: '1' });
let demo: ApiSession;
let demoId: string;
let admin: ApiSession;
let adminId: string;

beforeAll(async () => {
  demo = new ApiSession(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  admin = new ApiSession(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
});

/** Spellings of a protected path: case, percent-encoding, doubled slash, dot segments, trailing slash. */
const spellings = (path: string) => [
  path,
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
  path.toUpperCase(),
  path.replace('/api/paper/', '/api/%70aper/'),
  path.replace('/api/paper/', '/api/pap%65r/'),
  `/${path}`,
  path.replace('/api/', '//api//'),
  path.replace('/api/', '/api/./'),
  path.replace('/api/paper/', '/api/x/../paper/'),
  `${path}/`,
  `${path}%2F`,
  `${path};x=1`,
];

describe('the session guard', () => {
  it.each([
    ['post', '/api/paper/orders'],
    ['get', '/api/paper/market'],
    ['post', '/api/update-copy-trading'],
  ] as const)('no spelling of %s %s reaches its handler without a session', async (method, path) => {
    const visitor = new ApiSession(suite.platform.url);
    const answers: string[] = [];
    for (const spelling of spellings(path)) {
      const response = await visitor.send(method, spelling, method === 'post' ? { symbol: 'AAPL' } : undefined, {
        'x-request-id': `guard-${randomUUID()}`,
      });
      answers.push(`${method.toUpperCase()} ${spelling} → ${response.status}`);
    }
    expect(answers.filter((answer) => !/→ (401|404)$/.test(answer))).toEqual([]);
    expect(answers[0]).toMatch(/→ 401$/);
  });

  it('the public routes of a signed-out visitor still answer', async () => {
    const visitor = new ApiSession(suite.platform.url);
    for (const path of ['/api/maintenance-status', '/api/auth/beta-status', '/api/csrf-token', '/health'])
      expect([path, (await visitor.get(path)).status]).toEqual([path, 200]);
    const checked = await visitor.post('/api/check-username', { username: 'someone-new' });
    expect(checked.status).toBe(200);
  });
});

describe('developer endpoints (DEV_TOOLS=true)', () => {
  const devOrder = (session: ApiSession, userId: string) =>
    session.send(
      'post',
      '/api/dev/paper/orders',
      { userId, action: 'BUY', symbol: 'AAPL', quantity: 1 },
      {
        'x-request-id': `dev-${randomUUID()}`,
      },
    );

  it("refuse a paper order in another user's account (403), for admins too", async () => {
    const foreign = await devOrder(demo, adminId);
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await devOrder(admin, demoId)).status).toBe(403);
    expect((await devOrder(new ApiSession(suite.platform.url), demoId)).status).toBe(401);
    // The user's own account goes through to the broker (no account linked yet here: a 4xx of its own).
    const own = await devOrder(demo, demoId);
    expect(own.status).not.toBe(403);
    expect(own.status).toBeLessThan(500);
  });

  it('the paper-market controls need a session', async () => {
    const visitor = new ApiSession(suite.platform.url);
    expect((await visitor.post('/api/dev/market/price', { symbol: 'AAPL', price: 100 })).status).toBe(401);
    expect((await visitor.post('/api/dev/market/hours', { open: true })).status).toBe(401);
  });
});
