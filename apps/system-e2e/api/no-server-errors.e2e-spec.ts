import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * Bad input gets a clear 4xx and never a 500: every operation of the published OpenAPI document is
 * called, signed in and signed out, with malformed bodies and path parameters.
 */
const suite = useTestPlatform('no_server_errors');

/** Raw JSON texts, sent as they are: valid JSON of the wrong shape, wrong types, and text that is not JSON. */
const MALFORMED_BODIES = [
  '{}',
  '[]',
  '"text"',
  '42',
  'null',
  '{"userId":12,"email":["x"],"enabled":"maybe","amount":{"$gt":1},"betaCode":1e309,"quantity":-1}',
  JSON.stringify({ username: 'a'.repeat(5000), password: 'b'.repeat(5000) }),
  '{"unterminated": ',
  // 3,000 levels deep: refused after parsing, before validation could overflow the stack.
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '['.repeat(3000) + ']'.repeat(3000),
];
const PATH_VALUES = ['not-an-id', '00000000-0000-4000-8000-000000000000', '%27%20OR%201%3D1', '..%2F..%2Fetc'];

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
}

async function operations(api: ApiSession): Promise<Operation[]> {
  const document = (await api.get('/api/docs/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method): method is Operation['method'] => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      // Logging out would end the session the rest of the sweep relies on.
      .filter((method) => !(path === '/api/logout' && method === 'post'))
      // The live push never ends its answer (Server-Sent Events); the gateway’s live-events integration test covers its refusals.
      .filter((method) => !(path === '/api/events' && method === 'get'))
      .map((method) => ({ method, path })),
  );
}

async function sweep(api: ApiSession, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const operation of await operations(api)) {
    for (const value of PATH_VALUES) {
      const path = operation.path.replace(/\{[^}]+\}/g, value);
      const bodies = operation.method === 'get' || operation.method === 'delete' ? [undefined] : MALFORMED_BODIES;
      for (const body of bodies) {
        const headers = {
          'content-type': 'application/json',
          'x-request-id': `sweep-${Math.random().toString(36).slice(2, 12)}`,
        };
        const response = await api.send(operation.method, path, body, headers);
        if (response.status >= 500)
          failures.push(
            `${label} ${operation.method.toUpperCase()} ${path} ${body?.slice(0, 80)} → ${response.status} ${JSON.stringify(response.body)}`,
          );
      }
      if (!operation.path.includes('{')) break;
    }
  }
  return failures;
}

it('no operation answers a 5xx to malformed input, signed out or signed in', async () => {
  const visitor = new ApiSession(suite.platform.url);
  const member = new ApiSession(suite.platform.url);
  const signedIn = await member.login(TEST_DEMO.username, TEST_DEMO.password);
  expect([signedIn.status, signedIn.body.code]).toEqual([200, undefined]);
  const failures = [...(await sweep(visitor, 'visitor')), ...(await sweep(member, 'member'))];
  expect(failures).toEqual([]);
  expect((await operations(member)).length).toBeGreaterThan(30);
}, 300_000);

it('a body nested too deep is a 400 BODY_TOO_DEEP, on public routes too', async () => {
  const visitor = new ApiSession(suite.platform.url);
  const deep = JSON.parse('['.repeat(3000) + ']'.repeat(3000)) as object;
  for (const path of ['/api/login', '/api/check-username', '/api/final-signup']) {
    const response = await visitor.post(path, deep);
    expect([path, response.status, response.body.code]).toEqual([path, 400, 'BODY_TOO_DEEP']);
  }
});

it('a page number beyond any integer is a 400, not a database error', async () => {
  const admin = new ApiSession(suite.platform.url);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  for (const page of ['99999999999999999999999', '1e400', '100001', '0', '-1', '1.5']) {
    const response = await admin.get(`/api/admin/beta-requests?page=${page}`);
    expect([page, response.status, response.body.code]).toEqual([page, 400, 'VALIDATION_FAILED']);
  }
  expect((await admin.get('/api/admin/beta-requests?page=100000')).status).toBe(200);
});
