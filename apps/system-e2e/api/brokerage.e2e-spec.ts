import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { Client } from 'pg';
import request from 'supertest';
import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/** The brokerage answers an order within this time, then reports it in flight (short so a test can outlast it). */
const ORDER_REPLY_DEADLINE_MS = 4_000;
const suite = useTestPlatform('brokerage', { ORDER_REPLY_DEADLINE_MS: String(ORDER_REPLY_DEADLINE_MS) });
let demo: ApiSession;
let demoId: string;
let admin: ApiSession;
let adminId: string;
let accountIds: string[];

/** A state-changing call with CSRF and an X-Request-ID, as the paper trading page sends it. */
async function order(
  session: ApiSession,
  body: object,
  requestId: string | null = `req-${randomUUID()}`,
  path = '/api/paper/orders',
) {
  const csrf = await session.refreshCsrf();
  const call = session.agent.post(path).set('x-csrf-token', csrf);
  return (requestId ? call.set('X-Request-ID', requestId) : call).send(body);
}

beforeAll(async () => {
  demo = new ApiSession(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  admin = new ApiSession(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
});

describe('registration and connection through the paper portal', () => {
  it('registers the user with the provider; verify-token then carries the id and, for its owner, the secret', async () => {
    expect((await demo.post('/api/snaptrade/register-user', { userId: adminId })).status).toBe(403);
    expect((await demo.post('/api/snaptrade/register-user', { userId: 'nope' })).status).toBe(400);
    const registered = await demo.post('/api/snaptrade/register-user', { userId: demoId });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ success: true, snaptradeUserId: demoId, alreadyRegistered: false });
    expect((await demo.post('/api/snaptrade/register-user', { userId: demoId })).body.alreadyRegistered).toBe(true);
    const user = await expectEventually(async () => {
      const { body } = await demo.get('/api/verify-token').expect(200);
      expect(body.user).toMatchObject({
        snaptradeUserId: demoId,
        snaptradeUserSecret: expect.any(String),
        brokerageConnected: false,
      });
      return body.user;
    });
    const credentials = await demo.get(`/api/snaptrade/credentials/${demoId}`).expect(200);
    expect(credentials.body).toEqual({
      success: true,
      snaptradeUserId: demoId,
      snaptradeUserSecret: user.snaptradeUserSecret,
    });
    expect(credentials.headers['cache-control']).toBe('no-store');
    expect((await admin.get(`/api/snaptrade/credentials/${demoId}`)).status).toBe(403);
    const stored = await suite.db.query('SELECT secret_ciphertext FROM brokerage.provider_users WHERE user_id = $1', [
      demoId,
    ]);
    expect(stored.rows[0].secret_ciphertext).not.toContain(user.snaptradeUserSecret);
  });

  it('opens the paper portal, connects, and the popup flow sees the connection, its accounts and the user flag', async () => {
    expect(
      (
        await demo.post('/api/snaptrade/connection-portal', {
          userId: demoId,
          broker: 'WEBULL',
          customRedirect: 'https://evil.example/x',
        })
      ).status,
    ).toBe(400);
    expect(
      (await demo.post('/api/snaptrade/connection-portal', { userId: demoId, broker: 'ROBINHOOD' })).body.code,
    ).toBe('UNKNOWN_BROKERAGE');
    const portal = await demo.post('/api/snaptrade/connection-portal', {
      userId: demoId,
      broker: 'WEBULL',
      customRedirect: '/settings',
    });
    expect(portal.body).toMatchObject({
      success: true,
      connectionUrl: expect.stringMatching(/\/paper\/portal\/[0-9a-f-]{36}$/),
    });
    const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;

    const pending = await demo.get(`/api/paper/portal/${sessionId}`).expect(200);
    expect(pending.body.session).toMatchObject({
      status: 'PENDING',
      brokerage: { slug: 'WEBULL' },
      connectionType: 'trade',
    });
    expect((await admin.get(`/api/paper/portal/${sessionId}`)).status).toBe(409); // admin has no registration yet
    const connected = await demo.post(`/api/paper/portal/${sessionId}/connect`);
    expect(connected.status).toBe(200);
    expect(connected.body.redirectUrl).toMatch(/\/settings\?status=SUCCESS&connection_id=/);
    expect((await demo.post(`/api/paper/portal/${sessionId}/connect`)).body.connectionId).toBe(
      connected.body.connectionId,
    );

    const connections = await demo.get(`/api/snaptrade/connections/${demoId}`).expect(200);
    expect(connections.body.connections).toEqual([
      expect.objectContaining({
        id: connected.body.connectionId,
        status: 'CONNECTED',
        disabled: false,
        user: { id: demoId, email: TEST_DEMO.email, username: TEST_DEMO.username, snaptradeUserId: demoId },
      }),
    ]);
    accountIds = connections.body.accountIds;
    expect(accountIds).toHaveLength(2);
    const accounts = await demo.get(`/api/snaptrade/accounts/${demoId}`).expect(200);
    expect(accounts.body.accounts.map((account: { id: string }) => account.id)).toEqual(accountIds);
    expect(accounts.body.accounts[0]).toMatchObject({
      institution_name: 'Webull',
      balance: { total: { amount: 100000, currency: 'USD' } },
    });
    await expectEventually(async () => {
      const { body } = await demo.get('/api/verify-token').expect(200);
      expect(body.user).toMatchObject({ brokerageConnected: true, snaptradeAccountIds: accountIds });
    });
  });
});

describe('dashboard data', () => {
  it('refuses other users and unknown accounts, whatever headers claim', async () => {
    const primary = accountIds[0]!;
    expect(
      (await demo.get(`/api/snaptrade/accounts/${adminId}`).set('Authorization', `Bearer ${adminId}`)).status,
    ).toBe(403);
    expect((await admin.get(`/api/snaptrade/balances/${primary}/${adminId}`)).status).toBe(409); // not registered
    await admin.post('/api/snaptrade/register-user', { userId: adminId });
    const foreign = await admin.get(`/api/snaptrade/positions/${primary}/${adminId}`);
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await demo.get(`/api/snaptrade/orders/${primary}/${adminId}`)).status).toBe(403);
    const unknown = await demo.get(`/api/snaptrade/balances/${randomUUID()}/${demoId}`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    expect((await demo.get(`/api/snaptrade/balances/not%20an%20id/${demoId}`)).status).toBe(400);
    expect((await request(suite.platform.url).get(`/api/snaptrade/accounts/${demoId}`)).status).toBe(401);
  });

  it('buys at the set market price; positions, orders, balances and the portfolio chart follow', async () => {
    const primary = accountIds[0]!;
    expect(
      (await request(suite.platform.url).post('/api/dev/market/price').send({ symbol: 'AAPL', price: 100 })).status,
    ).toBe(403); // CSRF
    expect((await demo.post('/api/dev/market/price', { symbol: 'AAPL', price: 100 })).body).toEqual({
      success: true,
      symbol: 'AAPL',
      price: 100,
    });
    const placed = await order(demo, { action: 'buy', symbol: 'AAPL', quantity: 10 });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      success: true,
      replayed: false,
      order: { accountId: primary, state: 'FILLED', action: 'BUY', symbol: 'AAPL', quantity: 10, executionPrice: 100 },
    });

    const positions = await demo.get(`/api/snaptrade/positions/${primary}/${demoId}`).expect(200);
    expect(positions.body.positions).toEqual([
      expect.objectContaining({
        symbol: 'AAPL',
        quantity: 10,
        price: 100,
        value: 1000,
        averagePurchasePrice: 100,
        isOptions: false,
      }),
    ]);
    const orders = await demo.get(`/api/snaptrade/orders/${primary}/${demoId}`).expect(200);
    expect(orders.body.orders).toEqual([
      expect.objectContaining({
        id: placed.body.order.brokerageOrderId,
        action: 'BUY',
        status: 'EXECUTED',
        quantity: 10,
        executionPrice: 100,
      }),
    ]);
    const balances = await demo.get(`/api/snaptrade/balances/${primary}/${demoId}`).expect(200);
    expect(balances.body.balances).toMatchObject({
      total_value: { amount: 100000, currency: 'USD' },
      cash: { amount: 99000 },
      buying_power: { amount: 99000 },
    });
    const history = await demo.get(`/api/snaptrade/portfolio-history/${demoId}`).expect(200);
    expect(history.body).toMatchObject({
      success: true,
      currency: 'USD',
      points: [expect.objectContaining({ totalValue: 100000 })],
    });
  });
});

describe('paper orders', () => {
  it('requires X-Request-ID, validates options, and refuses a closed market and missing buying power', async () => {
    expect((await order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 1 }, null)).body.code).toBe(
      'REQUEST_ID_REQUIRED',
    );
    const noStrike = await order(demo, {
      action: 'BUY',
      symbol: 'SPY',
      quantity: 1,
      isOptions: true,
      optionType: 'call',
      expirationDate: '2099-01-16',
    });
    expect([noStrike.status, noStrike.body.code]).toEqual([400, 'INVALID_OPTIONS_DATA']);
    const poor = await order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 100_000 });
    expect([poor.status, poor.body.code]).toEqual([422, 'INSUFFICIENT_BUYING_POWER']);
    await demo.post('/api/dev/market/hours', { open: false });
    try {
      const closed = await order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 1 });
      expect([closed.status, closed.body.code, closed.body.details]).toEqual([
        422,
        'MARKET_CLOSED',
        { isMarketHoursRestriction: true },
      ]);
      expect((await demo.get('/api/paper/market?symbols=AAPL').expect(200)).body).toMatchObject({
        market: { open: false, override: false },
        quotes: [{ symbol: 'AAPL', price: 100 }],
      });
    } finally {
      await demo.post('/api/dev/market/hours', { open: null });
    }
  });

  it('buys an option by its fields, priced per contract × 100', async () => {
    await demo.post('/api/dev/market/price', { symbol: 'SPY   990116C00500000', price: 3 });
    const placed = await order(demo, {
      action: 'BUY',
      symbol: 'SPY',
      quantity: 2,
      isOptions: true,
      optionType: 'call',
      strikePrice: 500,
      expirationDate: '2099-01-16',
    });
    expect(placed.body.order).toMatchObject({
      state: 'FILLED',
      symbol: 'SPY',
      isOptions: true,
      optionsTicker: 'SPY   990116C00500000',
      executionPrice: 3,
    });
    const positions = await demo.get(`/api/snaptrade/positions/${accountIds[0]}/${demoId}`).expect(200);
    expect(positions.body.positions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          symbol: 'SPY',
          optionsTicker: 'SPY   990116C00500000',
          isOptions: true,
          optionType: 'call',
          strikePrice: 500,
          expirationDate: '2099-01-16',
          contractMultiplier: 100,
          value: 600,
        }),
      ]),
    );
  });

  it('fifty concurrent requests with one X-Request-ID place one order', async () => {
    const requestId = `burst-${randomUUID()}`;
    const before = (await suite.db.query('SELECT count(*)::int AS n FROM brokerage.paper_orders')).rows[0].n;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 1 }, requestId)),
    );
    expect((await suite.db.query('SELECT count(*)::int AS n FROM brokerage.paper_orders')).rows[0].n).toBe(before + 1);
    expect(responses.every((response) => [200, 201, 409].includes(response.status))).toBe(true);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    const replay = await order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 1 }, requestId);
    expect([replay.status, replay.body.replayed]).toEqual([200, true]);
    expect((await order(demo, { action: 'BUY', symbol: 'AAPL', quantity: 2 }, requestId)).status).toBe(422);
  });

  it("places a paper order only in the session user's own account through the development endpoint", async () => {
    const dev = (session: ApiSession) =>
      order(
        session,
        { userId: demoId, action: 'SELL', symbol: 'AAPL', quantity: 1 },
        `dev-${randomUUID()}`,
        '/api/dev/paper/orders',
      );
    const foreign = await dev(admin);
    expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
    const placed = await dev(demo);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ state: 'FILLED', action: 'SELL', accountId: accountIds[0] });
  });
});

describe('orders whose outcome is unknown', () => {
  /** Holds the paper account's row lock, as a slow brokerage would: a fill waits for it, then goes through. */
  async function holdAccount(accountId: string): Promise<() => Promise<void>> {
    const client = new Client({ connectionString: suite.platform.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM brokerage.paper_accounts WHERE id = $1 FOR UPDATE', [accountId]);
    return async () => {
      await client.query('COMMIT');
      await client.end();
    };
  }

  it('a fill whose answer comes too late is 202 unknown (never 503); the same request id then returns the fill', async () => {
    const requestId = `late-${randomUUID()}`;
    const body = { action: 'BUY', symbol: 'AAPL', quantity: 1 };
    const release = await holdAccount(accountIds[0]!);
    let late;
    try {
      late = await order(demo, body, requestId);
      expect(late.status).toBe(202);
      expect(late.body).toMatchObject({
        success: true,
        requestId,
        status: 'unknown',
        message: expect.stringContaining('Awaiting confirmation'),
        order: { requestId, state: 'SUBMITTING' },
      });
      const inFlight = await order(demo, body, requestId);
      expect([inFlight.status, inFlight.body.code]).toEqual([409, 'ORDER_IN_FLIGHT']);
      const otherBody = await order(demo, { ...body, quantity: 2 }, requestId);
      expect([otherBody.status, otherBody.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    } finally {
      await release();
    }
    const settled = await expectEventually(async () => {
      const retry = await order(demo, body, requestId);
      expect(retry.status).toBe(200);
      return retry.body;
    });
    expect(settled).toMatchObject({ requestId, status: 'placed', replayed: true, order: { state: 'FILLED' } });
    const fills = await suite.db.query(
      `SELECT count(*)::int AS n FROM brokerage.paper_orders p JOIN brokerage.order_intents i ON i.client_order_id = p.client_order_id WHERE i.request_id = $1`,
      [requestId],
    );
    expect(fills.rows[0].n).toBe(1);
  });

  it('admins (only) list unknown orders and resolve them, audited; a settled one leaves the list', async () => {
    // An order sent through another provider before a configuration change: only a person can settle it.
    const requestId = `unknown-${randomUUID()}`;
    const inserted = await suite.db.query(
      `INSERT INTO brokerage.order_intents (user_id, request_id, fingerprint, account_id, provider, client_order_id, action, symbol, quantity, "order", state)
       VALUES ($1, $2, 'f', $3, 'snaptrade', $4, 'BUY', 'AAPL', 1, '{"option":null}', 'UNKNOWN') RETURNING id`,
      [demoId, requestId, accountIds[0], randomUUID()],
    );
    const intentId = inserted.rows[0].id as string;
    expect((await demo.get('/api/admin/orders/unknown')).status).toBe(403);
    expect((await request(suite.platform.url).get('/api/admin/orders/unknown')).status).toBe(401);
    const listed = await admin.get('/api/admin/orders/unknown').expect(200);
    expect(listed.body.orders).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: intentId, requestId, userId: demoId, state: 'UNKNOWN' })]),
    );

    const path = `/api/admin/orders/unknown/${intentId}/resolve`;
    expect((await demo.post(path, { outcome: 'not_placed', note: 'checked' })).status).toBe(403);
    expect((await admin.post(path, { outcome: 'maybe', note: 'checked' })).status).toBe(400);
    expect((await admin.post(path, { outcome: 'not_placed', note: ' ' })).status).toBe(400);
    expect(
      (await admin.post(`/api/admin/orders/unknown/${randomUUID()}/resolve`, { outcome: 'placed', note: 'x' })).body
        .code,
    ).toBe('UNKNOWN_ORDER_NOT_FOUND');
    const resolved = await admin.post(path, { outcome: 'not_placed', note: 'No such order at the broker' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolution).toMatchObject({
      intentId,
      outcome: 'not_placed',
      state: 'REJECTED',
      resolvedBy: adminId,
    });
    expect((await admin.post(path, { outcome: 'placed', note: 'again' })).status).toBe(409);
    const audit = await suite.db.query(
      'SELECT outcome, resolved_by FROM brokerage.order_resolutions WHERE intent_id = $1',
      [intentId],
    );
    expect(audit.rows).toEqual([{ outcome: 'not_placed', resolved_by: adminId }]);
    const listedAfter = await admin.get('/api/admin/orders/unknown').expect(200);
    expect(listedAfter.body.orders.map((order: { id: string }) => order.id)).not.toContain(intentId);
  });
});
