import { randomUUID } from 'node:crypto';
import type { RpcActor } from '@copytrade/contracts';
import { AdminToolsController } from '../../src/modules/admin-tools/admin-tools.controller';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../src/modules/provider/brokerage-provider';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

/**
 * The admin panel's brokerage tools (rpc.brokerage.admin.*) against real PostgreSQL with the real migrations, with
 * the paper broker and with SnapTrade (the real SDK against the fake server): any user's connections, holdings and
 * the provider's users, and the removals, each recorded and announced with the brokerage events; admins only.
 */
type Envelope = { type: string; data: Record<string, unknown> & { link?: Record<string, unknown> } };
const eventsOf = async (ctx: BrokerageTestApp, userId: string): Promise<Envelope[]> =>
  (
    await ctx.dataSource.query(
      `SELECT envelope FROM brokerage.outbox WHERE envelope->'data'->>'userId' = $1 ORDER BY created_at, position`,
      [userId],
    )
  ).map((row: { envelope: Envelope }) => row.envelope);
const ADMIN: RpcActor = { userId: randomUUID(), isAdmin: true };
/** A call as `actor` (the admin by default; null: signed out). */
const as = <T>(payload: T, actor: RpcActor | null = ADMIN) => ({
  requestId: `req-${randomUUID()}`,
  actor: actor ?? undefined,
  payload,
});
const count = async (ctx: BrokerageTestApp, sql: string, params: unknown[]) =>
  ((await ctx.dataSource.query(sql, params)) as Array<{ n: number }>)[0]!.n;

describe('with the paper broker', () => {
  let ctx: BrokerageTestApp;
  let tools: AdminToolsController;
  beforeAll(async () => {
    ctx = await startBrokerageApp('admin_tools');
    tools = ctx.app.get(AdminToolsController);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('refuses a non-admin (even naming themselves) and a signed-out caller on every tool, changing nothing', async () => {
    const userId = randomUUID();
    const { connectionId } = await connectPaperUser(ctx.app, userId);
    const user = actorOf(userId);
    const refusals = await Promise.all([
      tools.listAll(as({}, user)).catch((error) => error.status),
      tools.listProviderUsers(as({}, user)).catch((error) => error.status),
      tools.userConnections(as({ targetUserId: userId }, user)).catch((error) => error.status),
      tools.userHoldings(as({ targetUserId: userId }, user)).catch((error) => error.status),
      tools.deleteConnections(as({ targetUserId: userId }, user)).catch((error) => error.status),
      tools.deleteConnection(as({ targetUserId: userId, connectionId }, user)).catch((error) => error.status),
      tools.deleteProviderUser(as({ snaptradeUserId: userId, targetUserId: userId }, user)).catch((e) => e.status),
      tools.deleteConnection(as({ targetUserId: userId, connectionId }, null)).catch((error) => error.status),
    ]);
    expect(refusals).toEqual([403, 403, 403, 403, 403, 403, 403, 401]);
    expect(await count(ctx, `SELECT count(*)::int AS n FROM brokerage.connections WHERE id = $1`, [connectionId])).toBe(
      1,
    );
  });

  it("lists every user's connections a page at a time with the total, and a user's connections and holdings", async () => {
    const [first, second, never] = [randomUUID(), randomUUID(), randomUUID()];
    const one = await connectPaperUser(ctx.app, first);
    await connectPaperUser(ctx.app, second);
    const all = await tools.listAll(as({ page: 1, limit: 100 }));
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: one.connectionId,
          userId: first,
          provider: 'paper',
          providerUserId: first,
          brokerage: { slug: 'WEBULL', name: 'Webull' },
          disabled: false,
          status: 'CONNECTED',
          accountCount: one.accountIds.length,
        }),
      ]),
    );
    const page = await tools.listAll(as({ page: 1, limit: 1 }));
    expect([page.connections.length, page.total]).toEqual([1, all.total]);

    const connections = await tools.userConnections(as({ targetUserId: first }));
    expect(connections.snaptradeUserId).toBe(first);
    expect(connections.connections).toEqual([expect.objectContaining({ id: one.connectionId, status: 'CONNECTED' })]);
    expect(connections.accounts.map((account) => account.id)).toEqual(one.accountIds);
    expect(await tools.userConnections(as({ targetUserId: never }))).toEqual({
      snaptradeUserId: null,
      connections: [],
      accounts: [],
    });

    await ctx.dataSource.query(
      `INSERT INTO brokerage.paper_positions (account_id, symbol, underlying, units, average_cost) VALUES ($1, 'MSFT', 'MSFT', 4, 90)`,
      [one.accountIds[0]],
    );
    const { holdings } = await tools.userHoldings(as({ targetUserId: first }));
    expect(holdings).toEqual([
      expect.objectContaining({ accountId: one.accountIds[0], symbol: 'MSFT', quantity: 4, price: expect.any(Number) }),
    ]);
    expect(holdings[0]!.value).toBeCloseTo(4 * holdings[0]!.price!, 2);
    expect(await tools.userHoldings(as({ targetUserId: never }))).toEqual({ holdings: [] });
  });

  it("counts the provider's users, those with a record, and records the provider no longer has", async () => {
    const provider = ctx.app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
    const registered = randomUUID();
    const orphanedRecord = randomUUID();
    await connectPaperUser(ctx.app, registered);
    await connectPaperUser(ctx.app, orphanedRecord);
    await provider.deleteUser(orphanedRecord); // gone at the provider, still recorded here
    const onlyAtProvider = (await provider.registerUser(`orphan-${randomUUID()}`)).userId;

    const reply = await tools.listProviderUsers(as({}));
    const atProvider = await provider.listUsers();
    expect(reply.provider).toBe('paper');
    expect(reply.totalSnapTradeUsers).toBe(atProvider.length);
    expect(reply.orphanedDbUsers).toBe(1);
    expect(reply.usersWithDbRecord).toBe(atProvider.length - 1);
    const byId = new Map(reply.users.map((user) => [user.snaptradeUserId, user]));
    expect(byId.get(registered)).toMatchObject({ userId: registered, hasDbRecord: true, existsAtProvider: true });
    expect(byId.get(onlyAtProvider)).toMatchObject({ userId: null, hasDbRecord: false, existsAtProvider: true });
    expect(byId.get(orphanedRecord)).toMatchObject({
      userId: orphanedRecord,
      hasDbRecord: true,
      existsAtProvider: false,
    });

    // The orphan at the provider is deleted there only; an unknown provider user is 404.
    const deleted = await tools.deleteProviderUser(as({ snaptradeUserId: onlyAtProvider }));
    expect(deleted).toMatchObject({ userId: null, removedConnections: [] });
    expect(await provider.listUsers()).not.toContain(onlyAtProvider);
    await expect(tools.deleteProviderUser(as({ snaptradeUserId: onlyAtProvider }))).rejects.toMatchObject({
      status: 404,
      code: 'PROVIDER_USER_NOT_FOUND',
    });
  });

  it('removes one connection as the user would (BrokerageDisconnected, flags off); an unknown one is 404', async () => {
    const userId = randomUUID();
    const { connectionId } = await connectPaperUser(ctx.app, userId);
    await expect(
      tools.deleteConnection(as({ targetUserId: userId, connectionId: randomUUID() })),
    ).rejects.toMatchObject({ status: 404, code: 'CONNECTION_NOT_FOUND' });
    const stranger = randomUUID();
    await expect(tools.deleteConnection(as({ targetUserId: stranger, connectionId }))).rejects.toMatchObject({
      status: 404,
      code: 'PROVIDER_USER_NOT_REGISTERED',
    });
    const reply = await tools.deleteConnection(as({ targetUserId: userId, connectionId }));
    expect(reply).toMatchObject({
      userId,
      removedConnections: [connectionId],
      before: { connections: [{ id: connectionId, disabled: false }] },
      after: { connections: [] },
    });
    expect((await eventsOf(ctx, userId)).at(-1)).toMatchObject({
      type: 'BrokerageDisconnected',
      data: { reason: 'REMOVED', link: { brokerageConnected: false, accountIds: [] } },
    });
    expect(await count(ctx, `SELECT count(*)::int AS n FROM brokerage.connections WHERE user_id = $1`, [userId])).toBe(
      0,
    );
  });

  it("removes all of a user's connections, a BrokerageDisconnected each; the registration stays", async () => {
    const userId = randomUUID();
    const { connectionId } = await connectPaperUser(ctx.app, userId);
    const reply = await tools.deleteConnections(as({ targetUserId: userId }));
    expect(reply.removedConnections).toEqual([connectionId]);
    const disconnected = (await eventsOf(ctx, userId)).filter((event) => event.type === 'BrokerageDisconnected');
    expect(disconnected).toHaveLength(1);
    expect(disconnected[0]!.data.link).toMatchObject({ brokerageConnected: false, accountIds: [] });
    const registrations = `SELECT count(*)::int AS n FROM brokerage.provider_users WHERE user_id = $1`;
    expect(await count(ctx, registrations, [userId])).toBe(1);
    expect(await tools.deleteConnections(as({ targetUserId: userId }))).toMatchObject({ removedConnections: [] });
    expect((await eventsOf(ctx, userId)).filter((event) => event.type === 'BrokerageDisconnected')).toHaveLength(1);
  });

  it('deletes a registered provider user: at the provider, here, with BrokerageDisconnected then ProviderUserDeleted; a new registration continues above', async () => {
    const userId = randomUUID();
    const { connectionId, accountIds } = await connectPaperUser(ctx.app, userId);
    await expect(
      tools.deleteProviderUser(as({ snaptradeUserId: userId, targetUserId: randomUUID() })),
    ).rejects.toMatchObject({ status: 409, code: 'PROVIDER_USER_MISMATCH' });

    const reply = await tools.deleteProviderUser(as({ snaptradeUserId: userId, targetUserId: userId }));
    expect(reply).toMatchObject({ userId, removedConnections: [connectionId], after: { snaptradeUserId: null } });
    const provider = ctx.app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
    expect(await provider.listUsers()).not.toContain(userId);
    expect(
      await count(ctx, `SELECT count(*)::int AS n FROM brokerage.provider_users WHERE user_id = $1`, [userId]),
    ).toBe(0);
    expect(await count(ctx, `SELECT count(*)::int AS n FROM brokerage.accounts WHERE user_id = $1`, [userId])).toBe(0);
    const events = await eventsOf(ctx, userId);
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'BrokerageDisconnected',
        data: expect.objectContaining({
          reason: 'REMOVED',
          connection: expect.objectContaining({ connectionId, accountIds }),
          link: expect.objectContaining({ brokerageConnected: false, accountIds: [], stateVersion: 3 }),
        }),
      }),
      expect.objectContaining({
        type: 'ProviderUserDeleted',
        data: expect.objectContaining({ userId, providerUserId: userId, provider: 'paper', stateVersion: 4 }),
      }),
    ]);
    await expect(tools.deleteProviderUser(as({ snaptradeUserId: userId, targetUserId: userId }))).rejects.toMatchObject(
      { status: 404 },
    );

    await ctx.app
      .get(ConnectionsController)
      .registerUser({ requestId: 'again', actor: actorOf(userId), payload: { userId } });
    expect((await eventsOf(ctx, userId)).at(-1)).toMatchObject({
      type: 'ProviderUserRegistered',
      data: { stateVersion: 5 },
    });
  });
});

describe('with SnapTrade (the real SDK against the fake server)', () => {
  let ctx: SnaptradeTestApp;
  let tools: AdminToolsController;
  beforeAll(async () => {
    ctx = await startSnaptradeBrokerageApp('admin_tools_snaptrade');
    tools = ctx.app.get(AdminToolsController);
  }, 60_000);
  afterAll(() => ctx?.close());

  it("reads a user's connections and the provider's users, removes a brokerage authorization, deletes the provider user", async () => {
    const userId = randomUUID();
    const { providerUserId, accountIds } = await connectSnaptradeUser(ctx, userId);
    const connections = await tools.userConnections(as({ targetUserId: userId }));
    expect(connections.snaptradeUserId).toBe(providerUserId);
    expect(connections.accounts.map((account) => account.id)).toEqual(accountIds);
    const [connection] = connections.connections;
    expect(connection).toMatchObject({ status: 'CONNECTED' });
    expect(Array.isArray((await tools.userHoldings(as({ targetUserId: userId }))).holdings)).toBe(true);

    const users = await tools.listProviderUsers(as({}));
    expect(users).toMatchObject({
      provider: 'snaptrade',
      totalSnapTradeUsers: 1,
      usersWithDbRecord: 1,
      orphanedDbUsers: 0,
    });
    expect(users.users).toEqual([
      expect.objectContaining({ snaptradeUserId: providerUserId, userId, hasDbRecord: true }),
    ]);

    await tools.deleteConnection(as({ targetUserId: userId, connectionId: connection!.id }));
    expect((await eventsOf(ctx, userId)).at(-1)).toMatchObject({
      type: 'BrokerageDisconnected',
      data: { link: { brokerageConnected: false } },
    });
    expect((await tools.userConnections(as({ targetUserId: userId }))).connections).toEqual([]);

    await tools.deleteProviderUser(as({ snaptradeUserId: providerUserId, targetUserId: userId }));
    expect((await eventsOf(ctx, userId)).at(-1)).toMatchObject({ type: 'ProviderUserDeleted' });
    expect(await tools.listProviderUsers(as({}))).toMatchObject({ totalSnapTradeUsers: 0, orphanedDbUsers: 0 });
  });
});
