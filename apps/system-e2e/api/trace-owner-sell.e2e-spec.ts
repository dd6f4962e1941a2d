import { randomUUID } from 'node:crypto';
import { OwnerSellMessages, TradeClosed } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * The owner's sell and real-time refresh through the gateway, with the paper broker: the demo user owns a trace,
 * links the paper broker, buys (the trade arrives through OrderFilled), shares it, sells it with sell-position (a
 * retry with the same X-Request-ID answers the same order, one TradeClosed is published), and refreshes: the first
 * refresh passes at no cost, the next is 429 with retryAfter.
 */
const suite = useTestPlatform('trace-owner-sell');
let demo: ApiSession;
let demoId: string;
let admin: ApiSession;
let accountId: string;
let traceId: string;

const storedTrades = async () =>
  (
    await suite.db.query(
      `SELECT id, status, owner_status, quantity::float8 AS quantity, current_price::float8 AS exit, is_shared
         FROM traces.trades WHERE trace_id = $1 ORDER BY executed_at`,
      [traceId],
    )
  ).rows as Array<{ id: string; status: string; owner_status: string; quantity: number; exit: number }>;

async function sellPosition(requestId: string | null, body: object) {
  const csrf = await demo.refreshCsrf();
  const call = demo.agent.post('/api/snaptrade/sell-position').set('x-csrf-token', csrf);
  if (requestId) call.set('X-Request-ID', requestId);
  return call.send(body);
}
const sellBody = (quantity: number, overrides: object = {}) => ({
  userId: demoId,
  accountId,
  positionData: { symbol: 'MSFT', quantity, isOptions: false, orderType: 'Market', price: null, traceId },
  confirmRisks: true,
  ...overrides,
});

beforeAll(async () => {
  demo = new ApiSession(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  admin = new ApiSession(suite.platform.url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name: 'owner_sell_demo',
    handle: 'owner_sell_demo',
    ownerId: demoId,
  });
  expect(created.status).toBe(200);
  traceId = created.body.trace.id;
});

describe('refresh without a connection', () => {
  it('404 Connection Not Found with the documented text (and the cooldown is not used)', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await demo.post(`/api/trace-owner/${traceId}/refresh-brokerage`, {});
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        404,
        'CONNECTION_NOT_FOUND',
        'Please reconnect your brokerage account in Settings',
      ]);
    }
  });
});

describe('owner sell through the paper broker', () => {
  let tradeId: string;
  const requestId = `owner-sell-${randomUUID()}`;

  it('links the paper broker, buys, and the trade arrives through OrderFilled; sharing it', async () => {
    expect((await demo.post('/api/snaptrade/register-user', { userId: demoId })).status).toBe(200);
    const portal = await demo.post('/api/snaptrade/connection-portal', {
      userId: demoId,
      broker: 'WEBULL',
      customRedirect: '/settings',
    });
    const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
    expect((await demo.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
    accountId = (await demo.get(`/api/snaptrade/accounts/${demoId}`).expect(200)).body.accounts[0].id;

    expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 100 })).status).toBe(200);
    const csrf = await demo.refreshCsrf();
    const bought = await demo.agent
      .post('/api/dev/paper/orders')
      .set('x-csrf-token', csrf)
      .set('X-Request-ID', `owner-sell-buy-${randomUUID()}`)
      .send({ userId: demoId, action: 'BUY', symbol: 'MSFT', quantity: 6 });
    expect([bought.status, bought.body.order.state]).toEqual([201, 'FILLED']);
    const [trade] = await expectEventually(async () => {
      const rows = await storedTrades();
      expect(rows).toEqual([expect.objectContaining({ status: 'open', owner_status: 'filled', quantity: 6 })]);
      return rows;
    });
    tradeId = trade!.id;
    const shared = await demo.post(`/api/trace-owner/${traceId}/share-trade`, {
      snaptradeTradeId: tradeId,
      minTier: 'free',
    });
    expect(shared.status).toBe(200);
  });

  it('refuses without X-Request-ID, for another user, a foreign account and a quantity above the trade', async () => {
    expect((await sellPosition(null, sellBody(6))).status).toBe(400);
    expect((await sellPosition(`x-${randomUUID()}`, sellBody(6, { userId: randomUUID() }))).status).toBe(403);
    const foreign = await sellPosition(`x-${randomUUID()}`, sellBody(6, { accountId: 'not-mine' }));
    expect([foreign.status, foreign.body.code]).toEqual([403, 'ACCOUNT_NOT_OWN']);
    const tooMany = await sellPosition(`x-${randomUUID()}`, sellBody(7));
    expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([
      422,
      'QUANTITY_TOO_LARGE',
      OwnerSellMessages.quantityTooLarge(6),
    ]);
    const admin403 = await admin.agent
      .post('/api/snaptrade/sell-position')
      .set('x-csrf-token', await admin.refreshCsrf())
      .set('X-Request-ID', `x-${randomUUID()}`)
      .send(sellBody(6));
    expect(admin403.status).toBe(403);
    expect((await storedTrades())[0]).toMatchObject({ status: 'open' });
  });

  it('sells at market: orderResult with price and order id; the retry answers the same order; one TradeClosed', async () => {
    expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 110 })).status).toBe(200);
    const sold = await sellPosition(requestId, sellBody(6));
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({
      success: true,
      status: 'filled',
      orderResult: { price: expect.any(Number), orderId: expect.any(String) },
      replayed: false,
    });
    const retry = await sellPosition(requestId, sellBody(6));
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'filled', replayed: true, orderResult: sold.body.orderResult });

    expect(await storedTrades()).toEqual([
      expect.objectContaining({
        id: tradeId,
        status: 'closed',
        owner_status: 'sold',
        exit: sold.body.orderResult.price,
      }),
    ]);
    const orders = await suite.db.query(
      `SELECT count(*)::int AS n FROM brokerage.order_intents WHERE user_id = $1 AND request_id = $2`,
      [demoId, requestId],
    );
    expect(orders.rows[0].n).toBe(1);
    // Published (the relay marks it) exactly once, even after the brokerage's OrderFilled for the same sell.
    await expectEventually(async () => {
      const events = await suite.db.query(
        `SELECT envelope, published_at FROM traces.outbox WHERE aggregate_id = $1 AND subject = $2`,
        [`trade:${tradeId}`, TradeClosed.subject],
      );
      expect(events.rows).toHaveLength(1);
      expect(events.rows[0].published_at).not.toBeNull();
      expect(events.rows[0].envelope.data).toMatchObject({
        tradeId,
        reason: 'sold',
        quantity: '6',
        exitPrice: String(sold.body.orderResult.price),
      });
    });
  });

  it('refresh-brokerage: success at no cost on the paper broker, then 429 with retryAfter', async () => {
    const first = await demo.post(`/api/trace-owner/${traceId}/refresh-brokerage`, {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: OwnerSellMessages.refreshedFree, cost: 0 });
    const again = await demo.post(`/api/trace-owner/${traceId}/refresh-brokerage`, {});
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, code: 'REFRESH_RATE_LIMITED' });
    expect(again.body.retryAfter).toBeGreaterThan(170);
    expect(again.body.retryAfter).toBeLessThanOrEqual(180);
    expect(Number(again.headers['retry-after'])).toBe(again.body.retryAfter);
  });
});
