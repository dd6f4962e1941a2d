import { randomUUID } from 'node:crypto';
import { Messages } from '@copytrade/contracts';
import type { ApiSession } from '../src/support/api-session';
import { clientAt } from '../src/support/identity-flows';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * Admin rights are enforced on the server: every admin operation the gateway serves — found in its own
 * route table, the OpenAPI document, by the x-admin-only mark @AdminOnly() puts on each — is called signed out
 * (401), as a plain user with and without an admin's id in the body and the user-id / bearer headers (403, and the
 * data it would change stays as it was), and as an admin (it passes). A path under an admin prefix without the mark,
 * or an admin operation without a sample call below, fails the test: a new admin path cannot slip past it.
 */
const suite = useTestPlatform('admin_authorization', { TRUST_PROXY: '1' });

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
interface AdminOperation {
  method: Method;
  path: string;
}
/** `success`: the admin gets a 2xx. `reached`: a placeholder target, so past authorization the owner answers 4xx (never 401/403/5xx). */
interface Sample {
  params?: Record<string, string>;
  query?: string;
  body?: object;
  expect: 'success' | 'reached';
}

const ADMIN_PREFIXES = [/^\/api\/admin\//, /^\/api\/feedback\/admin\//, /^\/api\/copy-trades\/analytics\//];
const ADMIN_ELSEWHERE = ['post /api/set-maintenance-mode'];

let admin: ApiSession;
let adminId: string;
let demo: ApiSession;
let demoId: string;
let target: { id: string; username: string };
let feedbackId: string;

const anyId = () => randomUUID();

/**
 * One valid call per admin operation (docs/product.md#rest-calls), keyed `method path` as the OpenAPI document names
 * it.
 */
function samples(): Record<string, Sample> {
  const traceHandle = `authz_${Date.now().toString(36)}`;
  return {
    // Users, feedback, audit log, statistics
    'post /api/admin/users': { body: { search: target.username }, expect: 'success' },
    'post /api/admin/toggle-admin': { body: { targetUserId: target.id, isAdmin: true }, expect: 'success' },
    'post /api/admin/audit-log': { body: {}, expect: 'success' },
    'get /api/feedback/admin/list': { expect: 'success' },
    'put /api/feedback/admin/{id}/status': {
      params: { id: feedbackId },
      body: { status: 'resolved' },
      expect: 'success',
    },
    'get /api/copy-trades/analytics/investor-stats': { query: '?timeFrame=7d', expect: 'success' },
    // Traces
    'post /api/admin/traces': { body: {}, expect: 'success' },
    'post /api/admin/create-trace': {
      body: { name: 'Authz Trace', handle: traceHandle, ownerId: demoId },
      expect: 'success',
    },
    'post /api/admin/update-trace-owner': { body: { traceId: anyId(), newOwnerId: demoId }, expect: 'reached' },
    'post /api/admin/onboarding-trader': { body: {}, expect: 'success' },
    'post /api/admin/set-onboarding-trader': { body: { traceId: anyId() }, expect: 'reached' },
    'post /api/admin/delete-trace': { body: { traceId: anyId() }, expect: 'reached' },
    // Trades
    'post /api/admin/trades': { body: { page: 1, limit: 25 }, expect: 'success' },
    'post /api/admin/share-trade': { body: { tradeId: anyId(), requiredTier: 'premium' }, expect: 'reached' },
    'post /api/admin/unshare-trade': { body: { tradeId: anyId() }, expect: 'reached' },
    'post /api/admin/delete-trade': { body: { tradeId: anyId() }, expect: 'reached' },
    // Brokerage tools
    'post /api/admin/all-connections': { body: {}, expect: 'success' },
    'post /api/admin/snaptrade-users': { body: {}, expect: 'success' },
    'post /api/admin/user-connections': { body: { targetUserId: demoId }, expect: 'success' },
    'post /api/admin/user-holdings': { body: { targetUserId: demoId }, expect: 'success' },
    'post /api/admin/delete-connection': { body: { targetUserId: anyId() }, expect: 'reached' },
    'post /api/admin/delete-specific-connection': {
      body: { connectionId: anyId(), targetUserId: anyId() },
      expect: 'reached',
    },
    'post /api/admin/delete-snaptrade-user': {
      body: { snaptradeUserId: `nobody-${anyId()}`, targetUserId: anyId() },
      expect: 'reached',
    },
    'post /api/admin/remove-brokerage': {
      body: { targetUserId: anyId(), brokerageAuthorizationId: anyId() },
      expect: 'reached',
    },
    // Beta requests, unknown orders, maintenance mode
    'get /api/admin/beta-requests': { expect: 'success' },
    'post /api/admin/beta-requests/{id}/approve': { params: { id: anyId() }, body: {}, expect: 'reached' },
    'get /api/admin/orders/unknown': { expect: 'success' },
    'post /api/admin/orders/unknown/{id}/resolve': {
      params: { id: anyId() },
      body: { outcome: 'not_placed', note: 'checked at the brokerage' },
      expect: 'reached',
    },
    'post /api/set-maintenance-mode': { body: { enabled: false }, expect: 'success' },
  };
}

const keyOf = ({ method, path }: AdminOperation) => `${method} ${path}`;

function urlOf(operation: AdminOperation, sample: Sample): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = sample.params?.[name];
    if (!value) throw new Error(`${keyOf(operation)}: the sample has no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return path + (sample.query ?? '');
}

function send(
  api: ApiSession,
  operation: AdminOperation,
  sample: Sample,
  extra: { body?: object; headers?: Record<string, string> } = {},
) {
  const body = operation.method === 'get' ? undefined : { ...sample.body, ...extra.body };
  return api.send(operation.method, urlOf(operation, sample), body, extra.headers ?? {});
}

/** What any admin operation could change, as one fingerprint per table (contents, in a stable order). */
const WATCHED = [
  `identity.users`,
  `identity.beta_requests`,
  `admin.feedback`,
  `admin.platform_settings`,
  `admin.admin_audit_log`,
  `traces.traces`,
  `traces.trades`,
  `traces.onboarding_trader`,
  `brokerage.connections`,
  `brokerage.provider_users`,
  `brokerage.order_intents`,
  `copy_engine.copy_instances`,
];
async function fingerprint(): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of WATCHED) {
    const { rows } = await suite.db.query(
      `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS print FROM ${table} t`,
    );
    prints[table] = rows[0].print as string;
  }
  return prints;
}

async function adminOperations(): Promise<AdminOperation[]> {
  const document = (await clientAt(suite.platform.url).get('/api/docs/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const all = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method as Method,
        path,
        adminOnly: operation['x-admin-only'] === true,
      })),
  );
  const unmarked = all.filter(
    (operation) =>
      !operation.adminOnly &&
      (ADMIN_PREFIXES.some((prefix) => prefix.test(operation.path)) || ADMIN_ELSEWHERE.includes(keyOf(operation))),
  );
  expect(unmarked.map(keyOf)).toEqual([]);
  return all.filter((operation) => operation.adminOnly).map(({ method, path }) => ({ method, path }));
}

let operations: AdminOperation[];
let calls: Record<string, Sample>;

beforeAll(async () => {
  const url = suite.platform.url;
  admin = clientAt(url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  demo = clientAt(url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  [target] = await seedUsers(suite.db, 'authz', 1);
  feedbackId = (await demo.post('/api/feedback/submit', { type: 'bug', message: 'Authorization test' })).body
    .feedbackId;
  operations = await adminOperations();
  calls = samples();
});

it('finds every admin operation in the route table, each with a sample call', () => {
  // The issue's own paths must be there (a route table that lost them would make the sweep below vacuous).
  expect(operations.map(keyOf)).toEqual(
    expect.arrayContaining([
      'post /api/admin/users',
      'post /api/admin/toggle-admin',
      'post /api/admin/audit-log',
      'get /api/feedback/admin/list',
      'put /api/feedback/admin/{id}/status',
      'get /api/copy-trades/analytics/investor-stats',
      'post /api/set-maintenance-mode',
    ]),
  );
  expect(operations.filter((operation) => !calls[keyOf(operation)]).map(keyOf)).toEqual([]);
});

it('signed out: 401 on every admin operation, nothing changed', async () => {
  const before = await fingerprint();
  const visitor = clientAt(suite.platform.url);
  for (const operation of operations) {
    const response = await send(visitor, operation, calls[keyOf(operation)]!);
    expect([keyOf(operation), response.status]).toEqual([keyOf(operation), 401]);
  }
  expect(await fingerprint()).toEqual(before);
});

it("a plain user: 403 on every admin operation, whatever admin's id the body or the headers carry; nothing changed", async () => {
  const before = await fingerprint();
  for (const operation of operations) {
    const sample = calls[keyOf(operation)]!;
    const plain = await send(demo, operation, sample);
    expect([keyOf(operation), plain.status, plain.body.message]).toEqual([keyOf(operation), 403, Messages.adminOnly]);
    const claimingAdmin = await send(demo, operation, sample, {
      body: { userId: adminId },
      headers: { 'user-id': adminId, authorization: `Bearer ${adminId}` },
    });
    expect([keyOf(operation), claimingAdmin.status]).toEqual([keyOf(operation), 403]);
    const bodyOnly = await send(demo, operation, sample, { body: { userId: adminId } });
    expect([keyOf(operation), bodyOnly.status]).toEqual([keyOf(operation), 403]);
  }
  expect(await fingerprint()).toEqual(before);
  const { rows } = await suite.db.query('SELECT is_admin FROM identity.users WHERE id = $1', [target.id]);
  expect(rows[0].is_admin).toBe(false);
});

it('an admin: every admin operation passes authorization (2xx, or the owner’s 4xx for a placeholder target)', async () => {
  for (const operation of operations) {
    const sample = calls[keyOf(operation)]!;
    const response = await send(admin, operation, sample, { headers: { 'user-id': adminId } });
    const passed =
      sample.expect === 'success'
        ? response.status >= 200 && response.status < 300
        : response.status >= 400 && response.status < 500 && ![401, 403].includes(response.status);
    expect([keyOf(operation), response.status, passed]).toEqual([keyOf(operation), response.status, true]);
  }
  // The sample grant took effect: the target is an admin now.
  const { rows } = await suite.db.query('SELECT is_admin FROM identity.users WHERE id = $1', [target.id]);
  expect(rows[0].is_admin).toBe(true);
});

it("a grant and a revoke hold at once for the target's signed-in session", async () => {
  const [promoted] = await seedUsers(suite.db, 'authz_live', 1);
  const { api: session } = await signIn(suite.platform.url, promoted!.username);
  const panel = () => session.post('/api/admin/users', {});
  const toggle = (isAdmin: boolean) => admin.post('/api/admin/toggle-admin', { targetUserId: promoted!.id, isAdmin });

  expect((await panel()).status).toBe(403);
  const granted = await toggle(true);
  expect(granted.status).toBe(200);
  expect(granted.body).toMatchObject({ success: true, user: { id: promoted!.id, isAdmin: true } });
  expect((await panel()).status).toBe(200);
  expect((await session.get('/api/verify-token')).body.user.isAdmin).toBe(true);

  const revoked = await toggle(false);
  expect(revoked.body).toMatchObject({ success: true, user: { isAdmin: false } });
  expect((await panel()).status).toBe(403);

  const { body } = await admin.post('/api/admin/audit-log', { action: 'user.toggle-admin', actorUserId: adminId });
  expect(
    body.entries
      .filter((entry: { target: { id: string } }) => entry.target.id === promoted!.id)
      .map((entry: { after: unknown }) => entry.after),
  ).toEqual([{ isAdmin: false }, { isAdmin: true }]);
});

it('refuses toggling oneself and a status outside the four, and answers 404 for an unknown feedback id', async () => {
  expect((await admin.post('/api/admin/toggle-admin', { targetUserId: adminId, isAdmin: false })).status).toBe(400);
  expect((await admin.put(`/api/feedback/admin/${feedbackId}/status`, { status: 'done' })).status).toBe(400);
  const unknown = await admin.put(`/api/feedback/admin/${randomUUID()}/status`, { status: 'closed' });
  expect(unknown.status).toBe(404);
  const changed = await admin.put(`/api/feedback/admin/${feedbackId}/status`, { status: 'closed' });
  expect(changed.body).toMatchObject({ success: true, message: 'Feedback status updated successfully' });
  expect((await admin.get('/api/copy-trades/analytics/investor-stats?timeFrame=1y')).status).toBe(400);
  const stats = await admin.get('/api/copy-trades/analytics/investor-stats');
  expect(stats.body).toMatchObject({ success: true, stats: { timeFrame: '30d' } });
});
