import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  EVENTS_STREAM,
  MaintenanceModeChanged,
  Messages,
  type EventEnvelope,
  type MaintenanceModeChangedV1,
} from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import { ApiSession } from '../src/support/api-session';
import { freePortBlock } from '@copytrade/testing';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const suite = useTestPlatform('skeleton');

describe('login', () => {
  it('rejects a short username and a short password with the documented messages', async () => {
    const api = new ApiSession(suite.platform.url);
    const shortUser = await api.post('/api/login', { username: 'ab', password: 'long-enough-1' });
    expect(shortUser.status).toBe(400);
    expect(shortUser.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Username must be at least 3 characters long',
    });
    expect(typeof shortUser.body.traceId).toBe('string');
    const shortPassword = await api.post('/api/login', { username: 'admin', password: 'short' });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.message).toBe('Password must be at least 8 characters long');
  });

  it('refuses unknown fields, malformed JSON and oversize bodies without a 500', async () => {
    const api = new ApiSession(suite.platform.url);
    const extra = await api.post('/api/login', { username: 'admin', password: 'whatever-123', isAdmin: true });
    expect(extra.status).toBe(400);
    const token = await api.refreshCsrf();
    const malformed = await api.agent
      .post('/api/login')
      .set('x-csrf-token', token)
      .set('content-type', 'application/json')
      .send('{"username":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
    const huge = await api.post('/api/login', { username: 'admin', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('signs in by username or e-mail, and verify-token returns the user without secrets', async () => {
    const byEmail = new ApiSession(suite.platform.url);
    const response = await byEmail.login(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, user: { username: 'admin', isAdmin: true } });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const cookie = response.headers['set-cookie'] as unknown as string[];
    expect(cookie.join(';')).toMatch(/HttpOnly/);
    expect(cookie.join(';')).toMatch(/SameSite=Lax/);
    const verified = await byEmail.get('/api/verify-token').expect(200);
    expect(verified.body.user.email).toBe(TEST_ADMIN.email);
  });

  it('answers 401 with one message for a wrong password and for an unknown account', async () => {
    const api = new ApiSession(suite.platform.url);
    const wrong = await api.post('/api/login', { username: 'demo', password: 'not-the-password' });
    const unknown = await api.post('/api/login', { username: 'nobody-here', password: 'not-the-password' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('answers 429 after repeated failures on one account, across two gateway replicas', async () => {
    const secondGateway = await suite.platform.addGatewayReplica(await freePortBlock(1));
    const replicas = [new ApiSession(suite.platform.url), new ApiSession(secondGateway)];
    const account = { username: 'ratelimited-account', password: 'wrong-password-1' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await replicas[attempt % 2]!.post('/api/login', account)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await replicas[0]!.post('/api/login', account);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(Messages.tooManyLoginAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is still allowed to try.
    expect((await replicas[0]!.login(TEST_DEMO.username, TEST_DEMO.password)).status).toBe(200);
  });
});

describe('sessions and CSRF', () => {
  it('revokes the session on logout: the old cookie no longer works', async () => {
    const api = new ApiSession(suite.platform.url);
    await api.login(TEST_DEMO.username, TEST_DEMO.password);
    const sessionCookie = (await api.get('/api/verify-token').expect(200)).request.cookies;
    await api.logout().then((response) => expect(response.status).toBe(200));
    const replay = await request(suite.platform.url).get('/api/verify-token').set('Cookie', sessionCookie);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a state-changing request without a valid CSRF token', async () => {
    const api = new ApiSession(suite.platform.url);
    await api.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const missing = await api.agent.post('/api/set-maintenance-mode').send({ enabled: true });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('CSRF_INVALID');
    const forged = await api.agent
      .post('/api/set-maintenance-mode')
      .set('x-csrf-token', 'forged.token')
      .send({ enabled: true });
    expect(forged.status).toBe(403);
    expect((await api.get('/api/maintenance-status')).body.isMaintenanceModeEnabled).toBe(false);
  });
});

describe('maintenance mode', () => {
  it('is public to read and off at first', async () => {
    const response = await request(suite.platform.url).get('/api/maintenance-status').expect(200);
    expect(response.body).toEqual({ isMaintenanceModeEnabled: false });
  });

  it('can be set by admins only: 401 signed out, 403 for a user, 400 for a bad body', async () => {
    const visitor = new ApiSession(suite.platform.url);
    expect((await visitor.post('/api/set-maintenance-mode', { enabled: true })).status).toBe(401);
    const user = new ApiSession(suite.platform.url);
    await user.login(TEST_DEMO.username, TEST_DEMO.password);
    const forbidden = await user.post('/api/set-maintenance-mode', { enabled: true });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(Messages.adminOnly);
    const admin = new ApiSession(suite.platform.url);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.post('/api/set-maintenance-mode', { enabled: 'yes' })).status).toBe(400);
    expect((await admin.post('/api/set-maintenance-mode', {})).status).toBe(400);
    const audit = await suite.db.query('SELECT count(*)::int AS n FROM admin.admin_audit_log');
    expect(audit.rows[0].n).toBe(0);
  });

  it('an admin switch is stored, audited, published as an event, and learned by every gateway', async () => {
    const otherGateway = await suite.platform.addGatewayReplica(await freePortBlock(1));
    const admin = new ApiSession(suite.platform.url);
    const { body: signedIn } = await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);

    const switched = await admin.post('/api/set-maintenance-mode', { enabled: true });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ success: true, isMaintenanceModeEnabled: true });

    const audit = await suite.db.query(
      'SELECT actor_user_id, action, old_value, new_value FROM admin.admin_audit_log ORDER BY created_at DESC LIMIT 1',
    );
    expect(audit.rows[0]).toEqual({
      actor_user_id: signedIn.user.id,
      action: 'maintenance-mode.set',
      old_value: false,
      new_value: true,
    });

    const event = await expectEventually(() =>
      lastEvent<MaintenanceModeChangedV1>(suite.platform.natsUrl, MaintenanceModeChanged.subject),
    );
    expect(event).toMatchObject({
      type: 'MaintenanceModeChanged',
      version: 1,
      producer: 'admin',
      data: { enabled: true, previousEnabled: false, changedByUserId: signedIn.user.id },
    });

    for (const gateway of [suite.platform.url, otherGateway]) {
      await expectEventually(async () =>
        expect((await request(gateway).get('/api/maintenance-status')).body.isMaintenanceModeEnabled).toBe(true),
      );
    }

    await admin.post('/api/set-maintenance-mode', { enabled: false });
    await expectEventually(async () =>
      expect((await request(otherGateway).get('/api/maintenance-status')).body.isMaintenanceModeEnabled).toBe(false),
    );
  });
});

describe('gateway', () => {
  it('answers unknown /api paths with a 404 JSON error', async () => {
    const response = await request(suite.platform.url).get('/api/does-not-exist').expect(404);
    expect(response.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('serves OpenAPI at /api/docs', async () => {
    const response = await request(suite.platform.url).get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/set-maintenance-mode', '/api/maintenance-status']),
    );
  });

  it('serves the web app on every non-API path', async () => {
    const response = await request(suite.platform.url).get('/dashboard').expect(200);
    expect(response.text).toMatch(/<div id="root">/);
  });

  it("refuses another user's subscriptions with 403, and lists one's own", async () => {
    const user = new ApiSession(suite.platform.url);
    const { body } = await user.login(TEST_DEMO.username, TEST_DEMO.password);
    const own = await user.get(`/api/subscriptions/${body.user.id}`).expect(200);
    expect(own.body).toEqual({ success: true, subscriptions: [] });
    const other = await user.get('/api/subscriptions/00000000-0000-4000-8000-000000000000');
    expect(other.status).toBe(403);
    expect((await user.get('/api/subscriptions/not-an-id')).status).toBe(400);
    expect(
      (await user.get('/api/owned-traces').set('Authorization', `Bearer ${body.user.id}`).expect(200)).body,
    ).toEqual({ success: true, ownedTraces: [] });
    const impersonating = await user
      .get('/api/owned-traces')
      .set('Authorization', 'Bearer 00000000-0000-4000-8000-000000000000');
    expect(impersonating.status).toBe(403);
    expect((await request(suite.platform.url).get('/api/owned-traces')).status).toBe(401);
  });

  it('reports readiness on /ready and liveness on /health', async () => {
    expect((await request(suite.platform.url).get('/health').expect(200)).body.status).toBe('ok');
    expect((await request(suite.platform.url).get('/ready').expect(200)).body).toMatchObject({
      ready: true,
      nats: true,
    });
  });
});

async function lastEvent<T>(natsUrl: string, subject: string): Promise<EventEnvelope<T>> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const message = await jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: subject });
    if (!message) throw new Error(`no message on ${subject}`);
    return message.json<EventEnvelope<T>>();
  } finally {
    await nc.close();
  }
}
