import { randomUUID } from 'node:crypto';
import type { ApiSession } from '../src/support/api-session';
import { copySharedTrade, shareTradeWithSubscriber, type LinkedFollower } from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * The gateway's ReadCache for live-positions and my-copies (the copy engine's answers, scope `user`: per user), with
 * answers kept a whole minute here: anything fresh below comes from an invalidation, never from the cache's age. The
 * subscriber's and the owner's feeds and the subscriber's copies are read (and cached) first; then the subscriber's
 * own copy shows in their very next reads, the owner's count follows from the live push (CopyOpened), and the
 * subscriber's sell and close show in their very next my-copies read of the same URL.
 */
const suite = useTestPlatform('live-reads-cache', { LIVE_READS_CACHE_TTL_MS: '60000' });
let demo: ApiSession;
let traceId: string;
let tradeId: string;
let subscriber: LinkedFollower;

const feed = (api: ApiSession) => api.get('/api/trading-terminal/live-positions');
const myCopies = () => subscriber.api.get('/api/copy-trades/my-copies');
const positionOf = (body: { positions: Array<{ id: string; copyCount?: number }> }) =>
  body.positions.find((row) => row.id === tradeId);

beforeAll(async () => {
  ({ demo, traceId, tradeId, subscriber } = await shareTradeWithSubscriber(suite, {
    trace: { name: 'Cached Feed Trace', handle: 'cached_feed_trace' },
    orderPrefix: 'cache-src',
    usersLabel: 'cached',
  }));
}, 120_000);

it("the cached reads' bodies never carry the services' cache metadata, answered or cached", async () => {
  const reads = [
    '/api/traces',
    `/api/traces/${traceId}`,
    `/api/traces/${traceId}/trades?limit=20`,
    '/api/trading-terminal/live-positions',
    '/api/copy-trades/my-copies',
    `/api/snaptrade/accounts/${subscriber.id}`,
  ];
  // Twice each, before anything else is read here: the service's answer, then the gateway's cached one.
  for (const round of [1, 2])
    for (const path of reads) {
      const { status, body } = await subscriber.api.get(path);
      expect([round, path, status]).toEqual([round, path, 200]);
      expect(body).toMatchObject({ success: true });
      expect(body).not.toHaveProperty('cache');
      if (body.trace) expect(body.trace).not.toHaveProperty('cache');
    }
});

it("a user's own copy, sell and close show in their very next reads; others' feeds follow the live push", async () => {
  expect(positionOf((await feed(subscriber.api)).body)).toMatchObject({ hasUserCopied: false, copyCount: 0 });
  expect(positionOf((await feed(demo)).body)).toMatchObject({ copyCount: 0 });
  expect((await myCopies()).body.copyInstances).toEqual([]);
  // Cached: the same answer again (the price moved meanwhile, but the feed is kept a minute here).
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 120 })).status).toBe(200);
  expect(positionOf((await feed(subscriber.api)).body)).not.toMatchObject({ currentPrice: 120 });

  const copied = await copySharedTrade({ subscriber, tradeId }, `cache-copy-${randomUUID()}`);
  expect([copied.status, copied.body.copyInstance?.status]).toEqual([200, 'open']);
  const copyId = copied.body.copyInstance.id as string;
  expect(positionOf((await feed(subscriber.api)).body)).toMatchObject({
    hasUserCopied: true,
    copyCount: 1,
    currentPrice: 120,
  });
  expect((await myCopies()).body.copyInstances).toMatchObject([{ id: copyId, status: 'open' }]);

  // The owner's cached feed counts the copy once CopyOpened reached the gateway's live push (milliseconds).
  const until = Date.now() + 5_000;
  let ownerView = positionOf((await feed(demo)).body);
  while (ownerView?.copyCount !== 1 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    ownerView = positionOf((await feed(demo)).body);
  }
  expect(ownerView).toMatchObject({ copyCount: 1, activeCopies: 1 });

  const requestId = `cache-sell-${randomUUID()}`;
  const sold = await subscriber.api.send(
    'post',
    '/api/snaptrade/sell-position',
    {
      userId: subscriber.id,
      accountId: subscriber.accountId,
      positionData: { symbol: 'MSFT', quantity: 2, isOptions: false, orderType: 'Market', price: null, traceId },
      confirmRisks: true,
      requestId,
    },
    { 'X-Request-ID': requestId },
  );
  expect(sold.status).toBe(200);
  const closed = await subscriber.api.send('put', `/api/copy-trades/${copyId}/close`, {
    exitPrice: 999,
    brokerageSellOrderId: sold.body.orderResult.orderId,
  });
  expect([closed.status, closed.body.copyInstance?.status]).toEqual([200, 'closed']);
  expect((await myCopies()).body.copyInstances).toMatchObject([{ id: copyId, status: 'closed' }]);
  expect(positionOf((await feed(subscriber.api)).body)).toMatchObject({ activeCopies: 0 });
});
