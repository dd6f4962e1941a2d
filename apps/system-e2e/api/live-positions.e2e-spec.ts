import { randomUUID } from 'node:crypto';
import { ApiSession } from '../src/support/api-session';
import { copySharedTrade, shareTradeWithSubscriber, type LinkedFollower } from '../src/support/shared-trade';
import { TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

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
let subscriber: LinkedFollower;
let stranger: { api: ApiSession; id: string };

const livePositions = (api: ApiSession, userId: string) =>
  api.send('get', '/api/trading-terminal/live-positions', undefined, { authorization: `Bearer ${userId}` });

beforeAll(async () => {
  ({ demo, demoId, traceId, tradeId, subscriber, stranger } = await shareTradeWithSubscriber(suite, {
    trace: { name: 'Live Feed Trace', handle: 'live_feed_trace' },
    orderPrefix: 'live-src',
    usersLabel: 'terminal',
  }));
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
  const copied = await copySharedTrade({ subscriber, tradeId }, `live-copy-${randomUUID()}`);
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
