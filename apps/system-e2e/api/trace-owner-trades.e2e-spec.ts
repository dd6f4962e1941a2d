import { randomUUID } from 'node:crypto';
import { OwnerTradesMessages, TracesMessages, TradeShared } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * The owner's Trade Manager through the gateway, with the paper broker: a trace owned by the demo user, whose
 * paper buy reaches the trade through OrderFilled (no sync), then list, share and cleanup; every path refused
 * signed out (401), to a non-owner and to an admin who does not own the trace (403), and 404 for no such trace.
 */
const suite = useTestPlatform('trace-owner-trades');
let demo: ApiSession;
let demoId: string;
let admin: ApiSession;
let adminId: string;
let demoTraceId: string;
let adminTraceId: string;

const paths = (traceId: string) => ({
  list: `/api/trace-owner/${traceId}/snaptrade-trades`,
  cleanup: `/api/trace-owner/${traceId}/cleanup-trades`,
  share: `/api/trace-owner/${traceId}/share-trade`,
});
const shareBody = (tradeId: string) => ({
  snaptradeTradeId: tradeId,
  minTier: 'basic',
  strategy: 'Momentum',
  confidence: 'High',
  notes: 'E2E',
});
async function createTrace(ownerId: string, handle: string): Promise<string> {
  const created = await admin.post('/api/admin/create-trace', { userId: adminId, name: handle, handle, ownerId });
  expect(created.status).toBe(200);
  return created.body.trace.id as string;
}
/** The paper broker's order for the signed-in user, as the dev tools place it (CSRF and an X-Request-ID). */
async function paperOrder(action: 'BUY' | 'SELL', symbol: string, quantity: number) {
  const csrf = await demo.refreshCsrf();
  const placed = await demo.agent
    .post('/api/dev/paper/orders')
    .set('x-csrf-token', csrf)
    .set('X-Request-ID', `owner-trades-${randomUUID()}`)
    .send({ userId: demoId, action, symbol, quantity });
  expect(placed.status).toBe(201);
  expect(placed.body.order).toMatchObject({ state: 'FILLED' });
  return placed.body.order as { brokerageOrderId: string; executionPrice: number };
}
const storedTrades = async (traceId: string) =>
  (
    await suite.db.query(
      `SELECT id, source_key, status, owner_status, quantity::float8 AS quantity, price::float8 AS price, is_shared
         FROM traces.trades WHERE trace_id = $1 ORDER BY executed_at`,
      [traceId],
    )
  ).rows as Array<{
    id: string;
    source_key: string;
    status: string;
    owner_status: string;
    quantity: number;
    price: number;
    is_shared: boolean;
  }>;

beforeAll(async () => {
  demo = new ApiSession(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  admin = new ApiSession(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  demoTraceId = await createTrace(demoId, 'owner_trades_demo');
  adminTraceId = await createTrace(adminId, 'owner_trades_admin');
  // The demo user links the paper broker (register, the stand-in portal, connect).
  expect((await demo.post('/api/snaptrade/register-user', { userId: demoId })).status).toBe(200);
  const portal = await demo.post('/api/snaptrade/connection-portal', {
    userId: demoId,
    broker: 'WEBULL',
    customRedirect: '/settings',
  });
  const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
  expect((await demo.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
});

describe('owner only', () => {
  it('signed out (with a CSRF token, so the session check answers): 401 on every owner trades path', async () => {
    const { list, cleanup, share } = paths(demoTraceId);
    expect((await request(suite.platform.url).get(list)).status).toBe(401);
    const anonymous = new ApiSession(suite.platform.url);
    expect((await anonymous.send('delete', cleanup)).status).toBe(401);
    expect((await anonymous.post(share, shareBody(randomUUID()))).status).toBe(401);
  });

  it.each([
    ['an admin who does not own the trace', () => admin, () => demoTraceId],
    ['a user who does not own the trace', () => demo, () => adminTraceId],
  ])('%s: 403 NOT_TRACE_OWNER with the documented text', async (_who, session, traceId) => {
    const { list, cleanup, share } = paths(traceId());
    for (const response of [
      await session().get(list),
      await session().send('delete', cleanup),
      await session().post(share, shareBody(randomUUID())),
    ]) {
      expect([response.status, response.body.code, response.body.message]).toEqual([
        403,
        'NOT_TRACE_OWNER',
        TracesMessages.notTraceOwner,
      ]);
    }
  });

  it('no such trace: 404; a malformed id: 400; a bad share body: 400', async () => {
    expect((await demo.get(paths(randomUUID()).list)).status).toBe(404);
    expect((await demo.get(paths('nope').list)).status).toBe(400);
    const badTier = await demo.post(paths(demoTraceId).share, { ...shareBody(randomUUID()), minTier: 'gold' });
    expect(badTier.status).toBe(400);
  });
});

describe('a paper fill reaches the trade, then list, share and cleanup', () => {
  let tradeId: string;

  it('a buy on the paper broker becomes the trace trade through OrderFilled, without a sync', async () => {
    expect((await demo.post('/api/dev/market/price', { symbol: 'AAPL', price: 100 })).body).toMatchObject({
      success: true,
    });
    const order = await paperOrder('BUY', 'AAPL', 5);
    const [trade] = await expectEventually(async () => {
      const rows = await storedTrades(demoTraceId);
      expect(rows).toEqual([
        expect.objectContaining({
          source_key: `order:${order.brokerageOrderId}`,
          status: 'open',
          owner_status: 'filled',
          quantity: 5,
          price: order.executionPrice,
        }),
      ]);
      return rows;
    });
    tradeId = trade!.id;
  });

  it('the Trade Manager lists it once (a sync finds the same order), with totals', async () => {
    const first = await demo.get(paths(demoTraceId).list).expect(200);
    const again = await demo.get(paths(demoTraceId).list).expect(200);
    for (const body of [first.body, again.body])
      expect(body).toMatchObject({
        success: true,
        totalCount: 1,
        sharedCount: 0,
        trades: [
          {
            id: tradeId,
            symbol: 'AAPL',
            side: 'buy',
            status: 'filled',
            quantity: 5,
            isShared: false,
            copyCount: 0,
            isOptions: false,
            contractMultiplier: 1,
          },
        ],
      });
    expect(await storedTrades(demoTraceId)).toHaveLength(1);
  });

  it('shares it once (TradeShared published), a second share is 409', async () => {
    const shared = await demo.post(paths(demoTraceId).share, shareBody(tradeId));
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({
      success: true,
      message: OwnerTradesMessages.shared,
      trade: { id: tradeId, isShared: true, requiredTier: 'basic' },
    });
    const twice = await demo.post(paths(demoTraceId).share, shareBody(tradeId));
    expect([twice.status, twice.body.code]).toEqual([409, 'TRADE_ALREADY_SHARED']);
    const events = await suite.db.query(`SELECT envelope FROM traces.outbox WHERE aggregate_id = $1 AND subject = $2`, [
      `trade:${tradeId}`,
      TradeShared.subject,
    ]);
    expect(events.rows.map((row) => row.envelope.data)).toEqual([
      expect.objectContaining({ tradeId, traceId: demoTraceId, ownerUserId: demoId, symbol: 'AAPL', quantity: '5' }),
    ]);
    expect((await demo.get(paths(demoTraceId).list).expect(200)).body).toMatchObject({ totalCount: 1, sharedCount: 1 });
  });

  it('cleanup while held changes nothing; after the sell the shared trade is closed and listed no more', async () => {
    expect((await demo.send('delete', paths(demoTraceId).cleanup)).body).toEqual({
      success: true,
      results: { deletedUnsharedTrades: 0, updatedOrphanedSharedTrades: 0 },
    });
    await paperOrder('SELL', 'AAPL', 5);
    await expectEventually(async () =>
      expect(await storedTrades(demoTraceId)).toEqual([
        expect.objectContaining({ id: tradeId, status: 'closed', owner_status: 'sold', is_shared: true }),
      ]),
    );
    expect((await demo.get(paths(demoTraceId).list).expect(200)).body).toEqual({
      success: true,
      trades: [],
      totalCount: 0,
      sharedCount: 0,
    });
  });
});
