import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { ApiSession } from '../src/support/api-session';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * GET /api/trading-terminal/live-positions through the started product with the paper broker: the demo user owns a
 * trace, buys MSFT (the trade arrives through OrderFilled) and shares it at the basic tier; a basic subscriber who
 * linked the paper broker sees it with the brokerage's quote, copies it, and the very next read shows
 * hasUserCopied, copyCount 1 and the copy; the owner sees their own trade with the count; a stranger sees nothing;
 * a bearer naming another user is 403; signed out is 401.
 */
const suite = useTestPlatform('live-positions');
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

const livePositions = (api: ApiSession, userId: string) =>
  api.send('get', '/api/trading-terminal/live-positions', undefined, { authorization: `Bearer ${userId}` });

beforeAll(async () => {
  const url = suite.platform.url;
  demo = new ApiSession(url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  const admin = new ApiSession(url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name: 'Live Feed Trace',
    handle: 'live_feed_trace',
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
    { 'X-Request-ID': `live-src-${randomUUID()}` },
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

  const [follower, other] = await seedUsers(suite.db, 'terminal', 2);
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

it('a subscriber sees the shared trade with the trader, the quote and no copy yet', async () => {
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 110 })).status).toBe(200);
  const response = await livePositions(subscriber.api, subscriber.id);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ success: true, error: null, apiWarnings: [] });
  expect(response.body.positions).toHaveLength(1);
  expect(response.body.positions[0]).toMatchObject({
    id: tradeId,
    tracerName: 'Live Feed Trace',
    tracerHandle: '@live_feed_trace',
    trader: { id: demoId, username: TEST_DEMO.username },
    traceId,
    symbol: 'MSFT',
    side: 'buy',
    quantity: 6,
    price: 100,
    currentPrice: 110,
    priceSource: 'quote',
    pnl: 60,
    isProfit: true,
    tier: 'basic',
    isOptions: false,
    copyCount: 0,
    copiedByUsers: 0,
    activeCopies: 0,
    hasUserCopied: false,
    copyInstances: [],
  });
});

it('after the subscriber copies it, the next read shows hasUserCopied, copyCount 1 and the copy', async () => {
  const copied = await subscriber.api.send(
    'post',
    '/api/snaptrade/copy-trade',
    {
      userId: subscriber.id,
      tradeId,
      accountId: subscriber.accountId,
      copyAmount: 220,
      customQuantity: 2,
      confirmRisks: true,
    },
    { 'X-Request-ID': `live-copy-${randomUUID()}` },
  );
  expect([copied.status, copied.body.status]).toEqual([200, 'filled']);
  const response = await livePositions(subscriber.api, subscriber.id);
  expect(response.status).toBe(200);
  const [position] = response.body.positions;
  expect(position).toMatchObject({ id: tradeId, hasUserCopied: true, copyCount: 1, copiedByUsers: 1, activeCopies: 1 });
  expect(position.copyInstances).toHaveLength(1);
  expect(position.copyInstances[0]).toMatchObject({
    id: copied.body.copyInstance.id,
    status: 'open',
    copyQuantity: 2,
    originalTrade: { id: tradeId, trader: { id: demoId, username: TEST_DEMO.username } },
  });

  // The owner sees their own shared trade with the copy counted, and no copy of their own.
  const owner = await livePositions(demo, demoId);
  expect(owner.status).toBe(200);
  expect(owner.body.positions.find((row: { id: string }) => row.id === tradeId)).toMatchObject({
    copyCount: 1,
    hasUserCopied: false,
    copyInstances: [],
  });
});

it('a stranger sees nothing', async () => {
  const response = await livePositions(stranger.api, stranger.id);
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, positions: [], error: null, apiWarnings: [] });
});

it('a bearer naming another user is 403; signed out is 401', async () => {
  expect((await livePositions(stranger.api, subscriber.id)).status).toBe(403);
  expect((await new ApiSession(suite.platform.url).get('/api/trading-terminal/live-positions')).status).toBe(401);
});
