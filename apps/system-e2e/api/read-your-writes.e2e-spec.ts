import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { freePortBlock } from '@copytrade/testing';
import { clientAt } from '../src/support/identity-flows';
import { getWithCookie, seedUsers, signIn } from '../src/support/seeded-users';
import { TEST_ADMIN, useTestPlatform } from '../src/support/test-platform';

/**
 * A user's own change shows in their very next read, even where another service (identity) or another
 * process (a gateway replica) learns it from an event. Each read is made immediately after the write, on the
 * OTHER gateway replica, whose cache already held the old state.
 */
const suite = useTestPlatform('read_your_writes', { TRUST_PROXY: '1' });
const ROUNDS = 100;
let replicaB: string;

beforeAll(async () => {
  replicaB = await suite.platform.addGatewayReplica(await freePortBlock(1));
}, 60_000);

describe('register-user then verify-token', () => {
  it(`shows the user registered in the next read on the other replica (${ROUNDS} users)`, async () => {
    const users = await seedUsers(suite.db, 'ryw', ROUNDS);
    const stale: string[] = [];
    for (const user of users) {
      const { api, cookie } = await signIn(suite.platform.url, user.username);
      // Both replicas cache the session as unregistered first.
      for (const replica of [suite.platform.url, replicaB]) {
        const before = await getWithCookie(replica, '/api/verify-token', cookie).expect(200);
        expect(before.body.user.snaptradeUserId).toBeNull();
      }
      const registered = await api.post('/api/snaptrade/register-user', { userId: user.id });
      expect(registered.status).toBe(200);
      const verified = await getWithCookie(replicaB, '/api/verify-token', cookie).expect(200);
      if (verified.body.user.snaptradeUserId !== registered.body.snaptradeUserId) stale.push(user.username);
      const sameReplica = await api.get('/api/verify-token').expect(200);
      if (sameReplica.body.user.snaptradeUserId !== registered.body.snaptradeUserId) stale.push(user.username);
    }
    expect(stale).toEqual([]);
  }, 240_000);
});

describe('a paper order then the (cached) account list', () => {
  it('shows the new buying power in the next account list on the other replica', async () => {
    const [user] = await seedUsers(suite.db, 'accounts', 1);
    const { api, cookie } = await signIn(suite.platform.url, user!.username);
    expect((await api.post('/api/snaptrade/register-user', { userId: user!.id })).status).toBe(200);
    const portal = await api.post('/api/snaptrade/connection-portal', { userId: user!.id, broker: 'WEBULL' });
    const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
    expect((await api.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
    const buyingPowerOn = async (replica: string): Promise<number> =>
      (await getWithCookie(replica, `/api/snaptrade/accounts/${user!.id}`, cookie).expect(200)).body.accounts[0].balance
        .buying_power.amount;
    for (let round = 0; round < 10; round += 1) {
      const before = await buyingPowerOn(replicaB); // now cached on both replicas
      expect(await buyingPowerOn(suite.platform.url)).toBe(before);
      const order = { action: 'BUY', symbol: 'AAPL', quantity: 1 };
      const placed = await api.send('post', '/api/paper/orders', order, { 'X-Request-ID': randomUUID() });
      expect(placed.status).toBe(201);
      expect(await buyingPowerOn(replicaB)).toBeLessThan(before);
    }
  }, 120_000);
});

describe('subscribe / unsubscribe then the (cached) traces reads', () => {
  it('shows the subscriber count, the access and the trades in the next reads on either replica (20 rounds)', async () => {
    const admin = clientAt(suite.platform.url);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const handle = `ryw_${Date.now().toString(36)}`;
    const created = await admin.post('/api/admin/create-trace', {
      name: 'Read Your Writes',
      handle,
      ownerId: (await admin.get('/api/verify-token')).body.user.id,
    });
    expect(created.status).toBe(200);
    const traceId = created.body.trace.id as string;
    const [user] = await seedUsers(suite.db, 'ryw_traces', 1);
    const { api, cookie } = await signIn(suite.platform.url, user!.username);
    const freeTier = (await api.get(`/api/traces/${traceId}/tiers`)).body.tiers[0].id as string;
    /** What one replica answers now: the list's count, the page's access, the trades' status. */
    const readsOn = async (replica: string) => {
      const list = await getWithCookie(replica, `/api/traces?search=${handle}`, cookie).expect(200);
      const page = await getWithCookie(replica, `/api/traces/${traceId}`, cookie).expect(200);
      const trades = await getWithCookie(replica, `/api/traces/${traceId}/trades?limit=20&status=closed`, cookie);
      return {
        subscribers: list.body.traces[0]?.subscriberCount,
        pageCount: page.body.trace.counts.subscriptions,
        hasAccess: page.body.trace.viewer.hasAccess,
        trades: trades.status,
      };
    };
    const unsubscribed = { subscribers: 0, pageCount: 0, hasAccess: false, trades: 403 };
    const subscribed = { subscribers: 1, pageCount: 1, hasAccess: true, trades: 200 };
    const stale: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      // Both replicas hold the state before the write in their caches (read twice: the second is a cache hit).
      for (const replica of [suite.platform.url, replicaB, suite.platform.url, replicaB])
        expect(await readsOn(replica)).toEqual(unsubscribed);
      expect((await api.post('/api/subscribe', { userId: user!.id, traceId, tierId: freeTier })).status).toBe(200);
      if (JSON.stringify(await readsOn(replicaB)) !== JSON.stringify(subscribed)) stale.push(`subscribe ${round} B`);
      if (JSON.stringify(await readsOn(suite.platform.url)) !== JSON.stringify(subscribed))
        stale.push(`subscribe ${round} A`);
      await readsOn(replicaB);
      expect((await api.post('/api/unsubscribe', { userId: user!.id, traceId })).status).toBe(200);
      if (JSON.stringify(await readsOn(replicaB)) !== JSON.stringify(unsubscribed))
        stale.push(`unsubscribe ${round} B`);
      if (JSON.stringify(await readsOn(suite.platform.url)) !== JSON.stringify(unsubscribed))
        stale.push(`unsubscribe ${round} A`);
    }
    expect(stale).toEqual([]);
  }, 240_000);
});

describe('set-maintenance-mode then maintenance-status', () => {
  it(`serves the new value in the next read on the other replica (${ROUNDS} switches)`, async () => {
    const admin = clientAt(suite.platform.url);
    expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    const mismatches: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const enabled = round % 2 === 0;
      const set = await admin.post('/api/set-maintenance-mode', { enabled });
      expect(set.status).toBe(200);
      const other = await request(replicaB).get('/api/maintenance-status').expect(200);
      const same = await admin.get('/api/maintenance-status').expect(200);
      if (other.body.isMaintenanceModeEnabled !== enabled || same.body.isMaintenanceModeEnabled !== enabled)
        mismatches.push(round);
    }
    expect(mismatches).toEqual([]);
    expect((await admin.post('/api/set-maintenance-mode', { enabled: false })).status).toBe(200);
  }, 240_000);
});
