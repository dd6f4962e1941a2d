import { randomUUID } from 'node:crypto';
import { CopyTradeMessages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { ApiSession } from '../src/support/api-session';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * The follower's manual copy through the gateway, with the paper broker: the demo user owns a trace, buys MSFT
 * (the trade arrives through OrderFilled) and shares it at the basic tier; a subscriber at basic who linked the
 * paper broker copies it (200, the copy recorded OPEN with the brokerage's fill, CopyOpened written; the same
 * request id answers the same copy; /api/copy-trades/copy answers it); a user without a subscription is refused;
 * another user's id in the body or the user-id header is 403; no request id is 400.
 */
const suite = useTestPlatform('copy-trade');
let demo: ApiSession;
let demoId: string;
let traceId: string;
let tradeId: string;
let subscriber: { api: ApiSession; id: string; accountId: string };
let stranger: { api: ApiSession; id: string };

async function linkPaperBroker(api: ApiSession, userId: string): Promise<string> {
  expect((await api.post('/api/snaptrade/register-user', { userId })).status).toBe(200);
  const portal = await api.post('/api/snaptrade/connection-portal', {
    userId,
    broker: 'WEBULL',
    customRedirect: '/settings',
  });
  const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
  expect((await api.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
  return (await api.get(`/api/snaptrade/accounts/${userId}`).expect(200)).body.accounts[0].id as string;
}

async function copyTrade(
  api: ApiSession,
  requestId: string | null,
  body: object,
  headers: Record<string, string> = {},
) {
  return api.send(
    'post',
    '/api/snaptrade/copy-trade',
    body,
    requestId ? { 'X-Request-ID': requestId, ...headers } : headers,
  );
}

const copyBody = (overrides: object = {}) => ({
  userId: subscriber.id,
  tradeId,
  accountId: subscriber.accountId,
  copyAmount: 220,
  customQuantity: 2,
  confirmRisks: true,
  ...overrides,
});

const copiesOf = async (userId: string) =>
  (
    await suite.db.query(
      `SELECT id, status, quantity_filled::float8 AS filled, entry_price::float8 AS entry, brokerage_order_id
         FROM copy_engine.copy_instances WHERE user_id = $1`,
      [userId],
    )
  ).rows as Array<{ id: string; status: string; filled: number; entry: number; brokerage_order_id: string }>;

beforeAll(async () => {
  const url = suite.platform.url;
  demo = new ApiSession(url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  const admin = new ApiSession(url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name: 'copy_trade_source',
    handle: 'copy_trade_source',
    ownerId: demoId,
  });
  expect(created.status).toBe(200);
  traceId = created.body.trace.id;

  await linkPaperBroker(demo, demoId);
  expect((await demo.post('/api/dev/market/hours', { open: true })).status).toBe(200);
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 100 })).status).toBe(200);
  const bought = await demo.send(
    'post',
    '/api/dev/paper/orders',
    { userId: demoId, action: 'BUY', symbol: 'MSFT', quantity: 6 },
    { 'X-Request-ID': `copy-src-${randomUUID()}` },
  );
  expect([bought.status, bought.body.order.state]).toEqual([201, 'FILLED']);
  tradeId = await expectEventually(async () => {
    const { rows } = await suite.db.query(`SELECT id FROM traces.trades WHERE trace_id = $1 AND status = 'open'`, [
      traceId,
    ]);
    expect(rows).toHaveLength(1);
    return rows[0].id as string;
  });
  const shared = await demo.post(`/api/trace-owner/${traceId}/share-trade`, {
    snaptradeTradeId: tradeId,
    minTier: 'basic',
  });
  expect(shared.status).toBe(200);

  const [follower, other] = await seedUsers(suite.db, 'copier', 2);
  const followerApi = (await signIn(url, follower!.username)).api;
  const tiers = (await followerApi.get(`/api/traces/${traceId}/tiers`).expect(200)).body.tiers as Array<{
    id: string;
    name: string;
  }>;
  const basic = tiers.find((tier) => tier.name === 'basic')!;
  expect((await followerApi.post('/api/subscribe', { userId: follower!.id, traceId, tierId: basic.id })).status).toBe(
    200,
  );
  subscriber = { api: followerApi, id: follower!.id, accountId: await linkPaperBroker(followerApi, follower!.id) };
  stranger = { api: (await signIn(url, other!.username)).api, id: other!.id };
}, 120_000);

describe('POST /api/snaptrade/copy-trade', () => {
  const requestId = `copy-${randomUUID()}`;

  it('needs a request id (400) and refuses another user id in the body or the user-id header (403)', async () => {
    expect((await copyTrade(subscriber.api, null, copyBody())).status).toBe(400);
    expect((await copyTrade(subscriber.api, `x-${randomUUID()}`, copyBody({ userId: stranger.id }))).status).toBe(403);
    expect((await copyTrade(subscriber.api, `x-${randomUUID()}`, copyBody(), { 'user-id': stranger.id })).status).toBe(
      403,
    );
    expect(await copiesOf(subscriber.id)).toEqual([]);
  });

  it('a non-subscriber is refused with the subscription message, and nothing is recorded', async () => {
    const refused = await copyTrade(
      stranger.api,
      `x-${randomUUID()}`,
      copyBody({ userId: stranger.id, accountId: 'a' }),
    );
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      403,
      'SUBSCRIPTION_REQUIRED',
      CopyTradeMessages.subscriptionRequired,
    ]);
    expect(await copiesOf(stranger.id)).toEqual([]);
  });

  it('missing fields are listed with the seed message', async () => {
    const refused = await copyTrade(subscriber.api, `x-${randomUUID()}`, { userId: subscriber.id, tradeId });
    expect([refused.status, refused.body.message]).toEqual([400, 'Missing required fields: accountId, copyAmount']);
  });

  it('a subscriber copies the shared trade: 200, the copy recorded open with the fill', async () => {
    expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 110 })).status).toBe(200);
    const copied = await copyTrade(subscriber.api, requestId, copyBody());
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({
      success: true,
      status: 'filled',
      requestId,
      replayed: false,
      order: { orderId: expect.any(String), price: expect.any(Number), filledQuantity: 2 },
      copyInstance: {
        status: 'open',
        placement: 'manual',
        copyQuantity: 2,
        originalTrade: { id: tradeId, symbol: 'MSFT', trace: { id: traceId } },
        receipt: { traderPrice: 100 },
      },
    });
    expect(copied.body.message).toBe(
      CopyTradeMessages.filled(2, 'MSFT', false, copied.body.copyInstance.copyAmount as number),
    );
    const rows = await copiesOf(subscriber.id);
    expect(rows).toEqual([
      expect.objectContaining({ status: 'OPEN', filled: 2, brokerage_order_id: copied.body.order.orderId }),
    ]);
    const events = await suite.db.query(`SELECT subject FROM copy_engine.outbox WHERE aggregate_id = $1`, [
      `copy:${rows[0]!.id}`,
    ]);
    expect(events.rows).toEqual([{ subject: 'events.copy-engine.copy.opened.v1' }]);

    const again = await copyTrade(subscriber.api, requestId, copyBody());
    expect([again.status, again.body.replayed, again.body.copyInstance.id]).toEqual([200, true, rows[0]!.id]);
    const reused = await copyTrade(subscriber.api, requestId, copyBody({ customQuantity: 3 }));
    expect(reused.status).toBe(422);
    const second = await copyTrade(subscriber.api, `x-${randomUUID()}`, copyBody());
    expect([second.status, second.body.code]).toEqual([409, 'ALREADY_COPIED']);
    expect(await copiesOf(subscriber.id)).toHaveLength(1);
  });
});

describe('POST /api/copy-trades/copy', () => {
  it("answers the copy recorded for the session's user and trade", async () => {
    const recorded = await subscriber.api.send(
      'post',
      '/api/copy-trades/copy',
      { originalTradeId: tradeId, copyData: { copyEntryPrice: 1, copyQuantity: 99, copyAmount: 99 } },
      { 'user-id': subscriber.id },
    );
    expect(recorded.status).toBe(200);
    expect(recorded.body.copyInstance).toMatchObject({ status: 'open', copyQuantity: 2 });
  });

  it('another user id in the header is 403; a user without a copy gets 404 and nothing is created', async () => {
    const other = await subscriber.api.send(
      'post',
      '/api/copy-trades/copy',
      { originalTradeId: tradeId },
      { 'user-id': stranger.id },
    );
    expect(other.status).toBe(403);
    const none = await stranger.api.send(
      'post',
      '/api/copy-trades/copy',
      { originalTradeId: tradeId },
      {
        'user-id': stranger.id,
      },
    );
    expect([none.status, none.body.code]).toEqual([404, 'COPY_NOT_FOUND']);
    expect(await copiesOf(stranger.id)).toEqual([]);
  });
});
