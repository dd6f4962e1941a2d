import { randomUUID } from 'node:crypto';
import { AccountsController } from '../../src/modules/accounts/accounts.controller';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { PortfolioHistoryController } from '../../src/modules/portfolio-history/portfolio-history.controller';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

type Envelope = {
  type: string;
  data: { link: { brokerageConnected: boolean; accountIds: string[]; stateVersion: number }; reason?: string };
};

const eventsOf = async (ctx: BrokerageTestApp, userId: string): Promise<Envelope[]> =>
  (
    await ctx.dataSource.query(
      `SELECT envelope FROM brokerage.outbox WHERE envelope->'data'->>'userId' = $1 ORDER BY created_at, position`,
      [userId],
    )
  ).map((row: { envelope: Envelope }) => row.envelope);
const rpc = <T>(userId: string, payload: T, actor = actorOf(userId)) => ({
  requestId: `req-${randomUUID()}`,
  actor,
  payload,
});

describe('with the paper broker', () => {
  let ctx: BrokerageTestApp;
  beforeAll(async () => {
    ctx = await startBrokerageApp('brokerage_link');
  }, 60_000);
  afterAll(() => ctx?.close());

  it('registers once under concurrent clicks, stores the secret encrypted, and shows it to its owner only', async () => {
    const userId = randomUUID();
    const connections = ctx.app.get(ConnectionsController);
    const replies = await Promise.all([1, 2, 3].map(() => connections.registerUser(rpc(userId, { userId }))));
    expect(replies.filter((reply) => !reply.alreadyRegistered)).toHaveLength(1);
    const { userSecret } = await connections.credentials(rpc(userId, { userId }));
    const [stored] = await ctx.dataSource.query(
      `SELECT secret_ciphertext FROM brokerage.provider_users WHERE user_id = $1`,
      [userId],
    );
    expect(stored.secret_ciphertext).not.toContain(userSecret);
    expect(JSON.stringify(await eventsOf(ctx, userId))).not.toContain(userSecret);
    expect(
      (
        await ctx.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.paper_users WHERE provider_user_id = $1`, [
          userId,
        ])
      )[0].n,
    ).toBe(1);
    await expect(connections.credentials(rpc(userId, { userId }, actorOf(randomUUID())))).rejects.toMatchObject({
      status: 403,
    });
    const stranger = randomUUID();
    await expect(connections.credentials(rpc(stranger, { userId: stranger }))).rejects.toMatchObject({
      status: 409,
      code: 'PROVIDER_USER_NOT_REGISTERED',
    });
  });

  it('publishes BrokerageConnected with the link state in the transaction of the change, once', async () => {
    const userId = randomUUID();
    const { accountIds } = await connectPaperUser(ctx.app, userId);
    const listed = await ctx.app.get(ConnectionsController).listConnections(rpc(userId, { userId }));
    expect(listed.accountIds).toEqual(accountIds);
    expect(listed.connections).toEqual([
      expect.objectContaining({
        status: 'CONNECTED',
        type: 'trade',
        brokerage: expect.objectContaining({ slug: 'WEBULL', name: 'Webull' }),
      }),
    ]);
    const events = await eventsOf(ctx, userId);
    expect(events.map((event) => event.type)).toEqual(['ProviderUserRegistered', 'BrokerageConnected']);
    expect(events[1]!.data.link).toMatchObject({ brokerageConnected: true, accountIds, stateVersion: 2 });
    const { accounts } = await ctx.app.get(AccountsController).accounts(rpc(userId, { userId }));
    expect(accounts.map((account) => account.id)).toEqual(accountIds);
    expect(accounts[0]).toMatchObject({
      is_paper: true,
      balance: { total: { amount: 100000, currency: 'USD' }, buying_power: { amount: 100000, currency: 'USD' } },
    });
  });

  it('records one balance snapshot per account per bucket and charts them', async () => {
    const userId = randomUUID();
    const { accountIds } = await connectPaperUser(ctx.app, userId);
    const accounts = ctx.app.get(AccountsController);
    for (const accountId of [...accountIds, accountIds[0]!])
      await accounts.balances(rpc(userId, { userId, accountId }));
    const rows = await ctx.dataSource.query(`SELECT account_id FROM brokerage.balance_snapshots WHERE user_id = $1`, [
      userId,
    ]);
    expect(rows).toHaveLength(2);
    const history = await ctx.app.get(PortfolioHistoryController).get(rpc(userId, { userId }));
    expect(history).toMatchObject({
      bucketMinutes: 15,
      currency: 'USD',
      points: [{ totalValue: 125000, timestamp: expect.any(String) }],
    });
  });

  it("refuses another user's account (403) and answers 404 for an unknown one", async () => {
    const [owner, intruder] = [randomUUID(), randomUUID()];
    const { accountIds } = await connectPaperUser(ctx.app, owner);
    await connectPaperUser(ctx.app, intruder);
    const accounts = ctx.app.get(AccountsController);
    await expect(
      accounts.positions(rpc(intruder, { userId: intruder, accountId: accountIds[0]! })),
    ).rejects.toMatchObject({ status: 403 });
    await expect(accounts.orders(rpc(intruder, { userId: owner, accountId: accountIds[0]! }))).rejects.toMatchObject({
      status: 403,
    });
    await expect(accounts.balances(rpc(owner, { userId: owner, accountId: randomUUID() }))).rejects.toMatchObject({
      status: 404,
      code: 'ACCOUNT_NOT_FOUND',
    });
  });

  it('publishes BrokerageDisconnected when a connection is removed', async () => {
    const userId = randomUUID();
    const { connectionId } = await connectPaperUser(ctx.app, userId);
    await ctx.app.get(ConnectionsController).removeConnection(rpc(userId, { userId, connectionId }));
    const events = await eventsOf(ctx, userId);
    expect(events.at(-1)).toMatchObject({
      type: 'BrokerageDisconnected',
      data: { reason: 'REMOVED', link: { brokerageConnected: false, accountIds: [], stateVersion: 3 } },
    });
    expect(
      (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.accounts WHERE user_id = $1`, [userId]))[0]
        .n,
    ).toBe(0);
  });
});

describe('with SnapTrade (the real SDK against the fake server)', () => {
  let ctx: SnaptradeTestApp;
  beforeAll(async () => {
    ctx = await startSnaptradeBrokerageApp('brokerage_link_snaptrade');
  }, 60_000);
  afterAll(() => ctx?.close());

  it('keeps the last known connected state when the provider answers 429, and passes its retry time on', async () => {
    const userId = randomUUID();
    const connections = ctx.app.get(ConnectionsController);
    const { redirect, accountIds } = await connectSnaptradeUser(ctx, userId);
    expect(redirect.searchParams.get('status')).toBe('SUCCESS');
    expect(accountIds).toHaveLength(2);

    ctx.fake.injectFault({
      path: /^\/authorizations$/,
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 7 seconds.', status_code: 429, code: '0000' },
    });
    const startedAt = Date.now();
    await expect(connections.listConnections(rpc(userId, { userId }))).rejects.toMatchObject({
      status: 429,
      code: 'PROVIDER_RATE_LIMITED',
      details: { retryAfterSeconds: 7 },
    });
    // The SDK's own blocking 429 retry (about 35 s) never ran.
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    const events = await eventsOf(ctx, userId);
    expect(events.map((event) => event.type)).toEqual(['ProviderUserRegistered', 'BrokerageConnected']);
    expect(
      (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.accounts WHERE user_id = $1`, [userId]))[0]
        .n,
    ).toBe(2);
  });

  it('recovers a provider user whose secret was lost (1010 on register) by registering a fresh provider id', async () => {
    const userId = randomUUID();
    ctx.fake.state.registerUser(userId);
    const reply = await ctx.app.get(ConnectionsController).registerUser(rpc(userId, { userId }));
    expect(reply).toMatchObject({
      alreadyRegistered: false,
      providerUserId: expect.stringMatching(new RegExp(`^${userId}-`)),
    });
    expect(ctx.fake.state.users.has(userId)).toBe(false);
    const { userSecret } = await ctx.app.get(ConnectionsController).credentials(rpc(userId, { userId }));
    expect(ctx.fake.state.users.get(reply.providerUserId)?.userSecret).toBe(userSecret);
  });
});
