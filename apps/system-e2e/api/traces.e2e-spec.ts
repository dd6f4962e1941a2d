import { randomUUID } from 'node:crypto';
import { IdentityErrorCode, Messages, TracesMessages } from '@copytrade/contracts';
import request from 'supertest';
import type { ApiSession } from '../src/support/api-session';
import { clientAt } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const suite = useTestPlatform('traces');
let admin: ApiSession;
let demo: ApiSession;
let adminId: string;
let demoId: string;

beforeAll(async () => {
  admin = clientAt(suite.platform.url);
  demo = clientAt(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
});

const ADMIN_PATHS = [
  '/api/admin/traces',
  '/api/admin/create-trace',
  '/api/admin/update-trace-owner',
  '/api/admin/onboarding-trader',
  '/api/admin/set-onboarding-trader',
  '/api/admin/delete-trace',
];

it.each(ADMIN_PATHS)('%s: 401 signed out, 403 for a user whatever userId the body carries', async (path) => {
  const signedOut = await request(suite.platform.url).post(path).send({ userId: adminId });
  expect([401, 403]).toContain(signedOut.status);
  const user = await demo.post(path, { userId: adminId });
  expect(user.status).toBe(403);
  expect(user.body).toMatchObject({ success: false, message: Messages.adminOnly });
});

describe('an admin creates a trace; a user finds it, subscribes, sees it in the sidebar, unsubscribes', () => {
  let traceId: string;

  it('refuses a create without the required fields with the documented message', async () => {
    const response = await admin.post('/api/admin/create-trace', { userId: adminId, name: 'No handle' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TracesMessages.requiredFields);
  });

  it('creates the trace with its tiers and audit-logs it; the handle is unique case-insensitively', async () => {
    const response = await admin.post('/api/admin/create-trace', {
      userId: adminId,
      name: 'E2E Momentum',
      handle: 'e2e_momentum',
      ownerId: adminId,
      tradingStyle: ['stocks', 'swing_trading'],
      isFeatured: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: TracesMessages.traceCreated,
      trace: { handle: '@e2e_momentum', riskLevel: 'medium', minInvestment: 0, isFeatured: true },
    });
    traceId = response.body.trace.id;
    const again = await admin.post('/api/admin/create-trace', { name: 'X', handle: 'E2E_MOMENTUM', ownerId: adminId });
    expect(again.status).toBe(409);
    const audit = await suite.db.query(`SELECT * FROM admin.admin_audit_log WHERE action = 'trace.create'`);
    expect(audit.rows[0]).toMatchObject({
      actor_user_id: adminId,
      target_type: 'trace',
      target_id: traceId,
      old_value: null,
    });
    expect((await admin.post('/api/admin/traces', {})).body.traces.map((t: { id: string }) => t.id)).toContain(traceId);
  });

  it('refuses an owner id that no user has (create and change owner): 404 USER_NOT_FOUND, nothing changed', async () => {
    const nobody = randomUUID();
    const created = await admin.post('/api/admin/create-trace', {
      name: 'Orphan',
      handle: 'e2e_orphan',
      ownerId: nobody,
    });
    expect(created.status).toBe(404);
    expect(created.body).toMatchObject({
      success: false,
      code: IdentityErrorCode.USER_NOT_FOUND,
      message: TracesMessages.ownerNotFound,
    });
    const list = (await admin.post('/api/admin/traces', {})).body.traces as Array<{ handle: string }>;
    expect(list.map((t) => t.handle)).not.toContain('@e2e_orphan');
    const moved = await admin.post('/api/admin/update-trace-owner', { traceId, newOwnerId: nobody });
    expect(moved.status).toBe(404);
    expect(moved.body).toMatchObject({ code: IdentityErrorCode.USER_NOT_FOUND, message: TracesMessages.ownerNotFound });
    expect((await admin.get(`/api/traces/${traceId}`)).body.trace.ownerId).toBe(adminId);
    const audit = await suite.db.query(
      `SELECT count(*)::int AS n FROM admin.admin_audit_log WHERE action = 'trace.update-owner'`,
    );
    expect(audit.rows[0].n).toBe(0);
  });

  it("the trace page shows the owner's username but not the e-mail; the admin's list shows both", async () => {
    const page = await demo.get(`/api/traces/${traceId}`);
    expect(page.body.trace.owner).toEqual({ id: adminId, username: TEST_ADMIN.username });
    expect(JSON.stringify(page.body)).not.toContain(TEST_ADMIN.email);
    const list = (await admin.post('/api/admin/traces', {})).body.traces as Array<{ id: string; owner: object }>;
    expect(list.find((t) => t.id === traceId)?.owner).toEqual({
      id: adminId,
      username: TEST_ADMIN.username,
      email: TEST_ADMIN.email,
    });
  });

  it('discovery finds it; bad category, sort or limit is a 400', async () => {
    const found = await demo.get('/api/traces?search=E2E%20mom&featured=true&category=Stocks&sortBy=subscribers');
    expect(found.status).toBe(200);
    expect(found.body.traces.map((t: { id: string }) => t.id)).toEqual([traceId]);
    for (const query of ['category=Bonds', 'sortBy=name', 'limit=0', 'limit=100000', 'offset=-1'])
      expect((await demo.get(`/api/traces?${query}`)).status).toBe(400);
    expect((await demo.get('/api/traces/not-a-uuid')).status).toBe(400);
    expect((await request(suite.platform.url).get('/api/traces')).status).toBe(401);
  });

  it('subscribe with the first tier, the sidebar shows it at once, trades open up; unsubscribe closes them', async () => {
    const tiers = (await demo.get(`/api/traces/${traceId}/tiers`)).body;
    expect(tiers.tiers.map((t: { name: string }) => t.name)).toEqual(['free', 'basic', 'premium', 'vip']);
    expect((await demo.get(`/api/traces/${traceId}/trades?limit=20`)).status).toBe(403);
    const subscribed = await demo.post('/api/subscribe', { userId: demoId, traceId, tierId: tiers.tiers[0].id });
    expect(subscribed.status).toBe(200);
    const again = await demo.post('/api/subscribe', { userId: demoId, traceId, tierId: tiers.tiers[0].id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already has a subscription');
    expect((await demo.post('/api/subscribe', { userId: adminId, traceId, tierId: tiers.tiers[0].id })).status).toBe(
      403,
    );
    const sidebar = await demo.get(`/api/subscriptions/${demoId}`);
    expect(sidebar.body.subscriptions).toEqual([
      expect.objectContaining({ traceId, tier: expect.objectContaining({ name: 'free' }) }),
    ]);
    expect((await demo.get(`/api/subscriptions/${adminId}`)).status).toBe(403);
    expect((await demo.get(`/api/traces/${traceId}/trades?limit=20&status=closed`)).body).toEqual({
      success: true,
      trades: [],
    });
    const trace = (await demo.get(`/api/traces/${traceId}`)).body.trace;
    expect(trace).toMatchObject({ subscriberCount: 1, viewer: { hasAccess: true, tier: 'free' } });
    expect((await admin.get('/api/owned-traces')).body.ownedTraces).toEqual([
      expect.objectContaining({ id: traceId, subscriberCount: 1 }),
    ]);
    expect((await admin.post('/api/unsubscribe', { userId: adminId, traceId })).status).toBe(409);
    expect((await demo.post('/api/unsubscribe', { userId: demoId, traceId })).status).toBe(200);
    expect((await demo.get(`/api/traces/${traceId}/trades?limit=20`)).status).toBe(403);
  });

  it('onboarding: fallback first; then the designated trader, auto-subscribe shown by verify-token at once', async () => {
    const fallback = (await demo.get('/api/onboarding-trader')).body;
    expect(fallback).toMatchObject({ isFallback: true, trader: { name: 'Default Trader', handle: '@default_trader' } });
    expect((await admin.post('/api/admin/set-onboarding-trader', { userId: adminId, traceId })).status).toBe(200);
    expect((await admin.post('/api/admin/onboarding-trader', {})).body.onboardingTrader.id).toBe(traceId);
    expect((await demo.get('/api/onboarding-trader')).body).toMatchObject({
      isFallback: false,
      trader: { id: traceId },
    });
    const auto = await demo.post('/api/auto-subscribe', { userId: demoId });
    expect(auto.status).toBe(200);
    expect(auto.body.subscription.tier).toMatchObject({ name: 'basic', canCopyTrades: true });
    expect((await demo.get('/api/verify-token')).body.user.autoSubscribedToTrader).toBe(true);
  });

  it('delete is refused while onboarding trader; otherwise it ends the subscriptions and is audit-logged', async () => {
    const refused = await admin.post('/api/admin/delete-trace', { traceId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TracesMessages.cannotDeleteOnboardingTrader);
    const other = await admin.post('/api/admin/create-trace', { name: 'Other', handle: 'e2e_other', ownerId: adminId });
    await admin.post('/api/admin/set-onboarding-trader', { traceId: other.body.trace.id });
    const deleted = await admin.post('/api/admin/delete-trace', { traceId });
    expect(deleted.body).toMatchObject({ success: true, endedSubscriptions: 1 });
    expect((await demo.get(`/api/traces/${traceId}`)).status).toBe(404);
    const actions = await suite.db.query(`SELECT action FROM admin.admin_audit_log ORDER BY created_at`);
    expect(actions.rows.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['trace.create', 'trace.set-onboarding-trader', 'trace.delete']),
    );
  });
});
