import { randomUUID } from 'node:crypto';
import { AdminBrokerageMessages, Messages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { ApiSession } from '../src/support/api-session';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { linkPaperBroker } from '../src/support/shared-trade';
import { TEST_ADMIN, useTestPlatform } from '../src/support/test-platform';

/**
 * The admin's brokerage tools through the started product with the paper broker (docs/product.md#admin-panel): All
 * Connections, SnapTrade Users (totals and record flags), a user's connections and holdings, and the removals —
 * one connection, a brokerage authorization, all of a user's connections, the provider user — each followed by the
 * user's flags (identity's brokerageConnected and provider id, from the brokerage events) and an audit entry.
 * Signed out 401; a plain user 403 whatever admin id the body or headers carry, and nothing changes; bad bodies
 * 400; unknown users, connections and provider users 404.
 */
const suite = useTestPlatform('admin-brokerage');
let admin: ApiSession;
let adminId: string;
let linked: { api: ApiSession; id: string; username: string };
let plain: { api: ApiSession; id: string };

const PATHS = [
  '/api/admin/all-connections',
  '/api/admin/snaptrade-users',
  '/api/admin/user-connections',
  '/api/admin/user-holdings',
  '/api/admin/delete-connection',
  '/api/admin/delete-specific-connection',
  '/api/admin/delete-snaptrade-user',
  '/api/admin/remove-brokerage',
];
const connectionIdsOf = async (userId: string) =>
  (await suite.db.query(`SELECT id FROM brokerage.connections WHERE user_id = $1`, [userId])).rows.map(
    (row: { id: string }) => row.id,
  );
const flagsOf = async (userId: string) =>
  (await suite.db.query(`SELECT brokerage_connected, snaptrade_user_id FROM identity.users WHERE id = $1`, [userId]))
    .rows[0] as { brokerage_connected: boolean; snaptrade_user_id: string | null };
const expectFlags = (userId: string, flags: { brokerage_connected: boolean; snaptrade_user_id: string | null }) =>
  expectEventually(async () => expect(await flagsOf(userId)).toEqual(flags));
const audited = async (action: string, targetId: string) =>
  Number(
    (
      await suite.db.query(`SELECT count(*) AS n FROM admin.admin_audit_log WHERE action = $1 AND target_id = $2`, [
        action,
        targetId,
      ])
    ).rows[0].n,
  );

beforeAll(async () => {
  admin = new ApiSession(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const [first, second] = await seedUsers(suite.db, 'admin_brokerage', 2);
  linked = { ...first!, api: (await signIn(suite.platform.url, first!.username)).api };
  plain = { id: second!.id, api: (await signIn(suite.platform.url, second!.username)).api };
  const accountId = await linkPaperBroker(linked.api, linked.id);
  expect((await linked.api.post('/api/dev/market/hours', { open: true })).status).toBe(200);
  expect((await linked.api.post('/api/dev/market/price', { symbol: 'MSFT', price: 50 })).status).toBe(200);
  const bought = await linked.api.send(
    'post',
    '/api/dev/paper/orders',
    { userId: linked.id, action: 'BUY', symbol: 'MSFT', quantity: 3 },
    { 'X-Request-ID': `admin-brokerage-${randomUUID()}` },
  );
  expect([bought.status, bought.body.order.state]).toEqual([201, 'FILLED']);
  expect(accountId).toEqual(expect.any(String));
  await expectFlags(linked.id, { brokerage_connected: true, snaptrade_user_id: linked.id });
}, 120_000);

describe('who may', () => {
  it.each(PATHS)('%s: 401 signed out', async (path) => {
    const response = await new ApiSession(suite.platform.url).post(path, { userId: adminId, targetUserId: linked.id });
    expect([response.status, response.body.success]).toEqual([401, false]);
  });

  it.each(PATHS)(
    '%s: 403 for a plain user, even with the admin id in the body and headers; nothing changes',
    async (path) => {
      const [connectionId] = await connectionIdsOf(linked.id);
      const response = await plain.api.send(
        'post',
        path,
        {
          userId: adminId,
          targetUserId: linked.id,
          connectionId,
          brokerageAuthorizationId: connectionId,
          snaptradeUserId: linked.id,
        },
        { 'user-id': adminId, authorization: `Bearer ${adminId}` },
      );
      // The headers naming another user are refused as impersonation (403) before the admin check; the body alone is not.
      expect([response.status, response.body.success]).toEqual([403, false]);
      const bodyOnly = await plain.api.post(path, {
        userId: adminId,
        targetUserId: linked.id,
        connectionId,
        brokerageAuthorizationId: connectionId,
        snaptradeUserId: linked.id,
      });
      expect([bodyOnly.status, bodyOnly.body.message]).toEqual([403, Messages.adminOnly]);
      expect(await connectionIdsOf(linked.id)).toEqual([connectionId]);
    },
  );
});

describe('an admin', () => {
  it("lists every user's connections with the user, paged", async () => {
    const response = await admin.post('/api/admin/all-connections', { userId: adminId });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toMatchObject({ page: 1, limit: 25 });
    expect(response.body.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: linked.id,
          user: { username: linked.username, email: `${linked.username}@example.com` },
          provider: 'paper',
          status: 'CONNECTED',
        }),
      ]),
    );
    expect((await admin.post('/api/admin/all-connections', { page: 0 })).status).toBe(400);
  });

  it("lists the provider's users with the totals and each one's record flag", async () => {
    const response = await admin.post('/api/admin/snaptrade-users', {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, provider: 'paper', orphanedDbUsers: 0 });
    expect(response.body.usersWithDbRecord).toBe(response.body.totalSnapTradeUsers);
    expect(response.body.users).toContainEqual(
      expect.objectContaining({
        snaptradeUserId: linked.id,
        userId: linked.id,
        hasDbRecord: true,
        existsAtProvider: true,
        user: expect.objectContaining({ username: linked.username }),
      }),
    );
  });

  it("reads a user's connections and holdings; an unknown user is 404, a bad id 400", async () => {
    const connections = await admin.post('/api/admin/user-connections', { targetUserId: linked.id });
    expect(connections.status).toBe(200);
    expect(connections.body).toMatchObject({
      success: true,
      hasSnaptradeConnection: true,
      snaptradeUserId: linked.id,
      connections: [
        expect.objectContaining({ status: 'CONNECTED', brokerage: expect.objectContaining({ slug: 'WEBULL' }) }),
      ],
    });
    expect(connections.body.accounts.length).toBeGreaterThan(0);
    const holdings = await admin.post('/api/admin/user-holdings', { targetUserId: linked.id });
    expect(holdings.status).toBe(200);
    expect(holdings.body.holdings).toEqual([
      expect.objectContaining({ symbol: 'MSFT', quantity: 3, price: expect.any(Number), value: expect.any(Number) }),
    ]);
    const none = await admin.post('/api/admin/user-holdings', { targetUserId: plain.id });
    expect(none.body.holdings).toEqual([]);
    for (const path of ['/api/admin/user-connections', '/api/admin/user-holdings', '/api/admin/delete-connection']) {
      expect((await admin.post(path, { targetUserId: randomUUID() })).status).toBe(404);
      expect((await admin.post(path, { targetUserId: 'nobody' })).status).toBe(400);
    }
  });

  it('removes a brokerage authorization (the connection): the user is no longer connected; unknown ones 404', async () => {
    const [connectionId] = await connectionIdsOf(linked.id);
    const unknown = await admin.post('/api/admin/delete-specific-connection', {
      targetUserId: linked.id,
      connectionId: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    expect((await admin.post('/api/admin/remove-brokerage', { targetUserId: linked.id })).status).toBe(400);
    const removed = await admin.post('/api/admin/remove-brokerage', {
      userId: adminId,
      targetUserId: linked.id,
      brokerageAuthorizationId: connectionId,
    });
    expect([removed.status, removed.body.message, removed.body.removedConnections]).toEqual([
      200,
      AdminBrokerageMessages.brokerageRemoved,
      [connectionId],
    ]);
    await expectFlags(linked.id, { brokerage_connected: false, snaptrade_user_id: linked.id });
    expect(await audited('brokerage.remove-brokerage', linked.id)).toBe(1);
  });

  it("deletes all of a user's connections, then a specific one after relinking", async () => {
    await linkPaperBroker(linked.api, linked.id);
    await expectFlags(linked.id, { brokerage_connected: true, snaptrade_user_id: linked.id });
    const all = await admin.post('/api/admin/delete-connection', { targetUserId: linked.id });
    expect([all.status, all.body.message]).toEqual([200, AdminBrokerageMessages.connectionsDeleted(1)]);
    await expectFlags(linked.id, { brokerage_connected: false, snaptrade_user_id: linked.id });

    await linkPaperBroker(linked.api, linked.id);
    const [connectionId] = await connectionIdsOf(linked.id);
    const one = await admin.post('/api/admin/delete-specific-connection', { targetUserId: linked.id, connectionId });
    expect([one.status, one.body.message]).toEqual([200, AdminBrokerageMessages.connectionDeleted]);
    await expectFlags(linked.id, { brokerage_connected: false, snaptrade_user_id: linked.id });
    expect(await audited('brokerage.delete-connections', linked.id)).toBe(1);
    expect(await audited('brokerage.delete-specific-connection', linked.id)).toBe(1);
  });

  it("deletes the provider user: its id leaves the user; another user's id is 409, an unknown one 404; the user may register again", async () => {
    await linkPaperBroker(linked.api, linked.id);
    const mismatch = await admin.post('/api/admin/delete-snaptrade-user', {
      snaptradeUserId: linked.id,
      targetUserId: plain.id,
    });
    expect(mismatch.status).toBe(409);
    const deleted = await admin.post('/api/admin/delete-snaptrade-user', {
      userId: adminId,
      snaptradeUserId: linked.id,
      targetUserId: linked.id,
    });
    expect([deleted.status, deleted.body.message]).toEqual([200, AdminBrokerageMessages.snaptradeUserDeleted]);
    await expectFlags(linked.id, { brokerage_connected: false, snaptrade_user_id: null });
    const users = await admin.post('/api/admin/snaptrade-users', {});
    expect(users.body.users.map((user: { snaptradeUserId: string }) => user.snaptradeUserId)).not.toContain(linked.id);
    expect((await admin.post('/api/admin/delete-snaptrade-user', { snaptradeUserId: linked.id })).status).toBe(404);
    expect(await audited('brokerage.delete-snaptrade-user', linked.id)).toBe(1);

    await linkPaperBroker(linked.api, linked.id);
    await expectFlags(linked.id, { brokerage_connected: true, snaptrade_user_id: linked.id });
  });
});
