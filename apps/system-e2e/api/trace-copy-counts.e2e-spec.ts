import { randomUUID } from 'node:crypto';
import { TracesMessages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { copySharedTrade, shareTradeWithSubscriber, type SharedTrade } from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * Copy counts and the owner's Analytics and Subscribers through the gateway, with the paper broker: the demo user owns
 * a trace and shares an MSFT trade; a basic subscriber copies it. The copier's very next read of the trace's trades
 * (answered from the gateway's read cache a moment before) shows copyCount 1; the owner's Trade Manager shows it
 * within a second; the owner's Analytics lists the trade's copy and today's subscriber, the Subscribers tab the
 * copier with their copy; another user is refused both (403 NOT_TRACE_OWNER), and a bad cursor or limit is a 400.
 */
const suite = useTestPlatform('trace-copy-counts');
let shared: SharedTrade;

beforeAll(async () => {
  shared = await shareTradeWithSubscriber(suite, {
    trace: { name: 'copy_count_source', handle: 'copy_count_source' },
    orderPrefix: 'copy-count-src',
    usersLabel: 'countcopier',
  });
}, 120_000);

const copyCountIn = (trades: Array<{ id: string; copyCount: number }>) =>
  trades.find((trade) => trade.id === shared.tradeId)?.copyCount;

it("a copy shows in the copier's next read of the trace's trades at once, and in the owner's Trade Manager within a second", async () => {
  const { subscriber, demo, traceId } = shared;
  const before = await subscriber.api.get(`/api/traces/${traceId}/trades`).expect(200);
  expect(copyCountIn(before.body.trades)).toBe(0);
  const ownerBefore = await demo.get(`/api/trace-owner/${traceId}/snaptrade-trades`).expect(200);
  expect(copyCountIn(ownerBefore.body.trades)).toBe(0);

  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 101 })).status).toBe(200);
  const copied = await copySharedTrade(shared, `count-${randomUUID()}`);
  expect([copied.status, copied.body.status]).toEqual([200, 'filled']);

  const after = await subscriber.api.get(`/api/traces/${traceId}/trades`).expect(200);
  expect(copyCountIn(after.body.trades)).toBe(1);
  await expectEventually(
    async () => {
      const owner = await demo.get(`/api/trace-owner/${traceId}/snaptrade-trades`).expect(200);
      expect(copyCountIn(owner.body.trades)).toBe(1);
    },
    { timeoutMs: 2_000 },
  );
});

it("the owner's Analytics and Subscribers show the copy and the copier", async () => {
  const { demo, traceId, tradeId, subscriber } = shared;
  const analytics = await demo.get(`/api/trace-owner/${traceId}/analytics`).expect(200);
  expect(analytics.body).toMatchObject({ success: true, minCopies: expect.any(Number) });
  expect(analytics.body.copiesPerTrade).toEqual([
    { tradeId, symbol: 'MSFT', sharedAt: expect.any(String), copyCount: 1 },
  ]);
  const weeks = analytics.body.subscribersWeekly as Array<{ weekStart: string; subscribers: number }>;
  expect(weeks.length).toBeGreaterThan(0);
  expect(weeks[weeks.length - 1]!.subscribers).toBe(1);

  const page = await demo.get(`/api/trace-owner/${traceId}/subscribers?limit=10`).expect(200);
  expect(page.body).toEqual({
    success: true,
    subscribers: [
      {
        userId: subscriber.id,
        username: expect.any(String),
        tier: 'basic',
        status: 'active',
        since: expect.any(String),
        copies: 1,
      },
    ],
    nextCursor: null,
  });
});

it('another user cannot read the owner analytics or subscribers; a bad cursor or limit is a 400', async () => {
  const { stranger, subscriber, demo, traceId } = shared;
  for (const api of [stranger.api, subscriber.api])
    for (const path of ['analytics', 'subscribers']) {
      const refused = await api.get(`/api/trace-owner/${traceId}/${path}`);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        403,
        'NOT_TRACE_OWNER',
        TracesMessages.notTraceOwner,
      ]);
    }
  const unknown = await demo.get(`/api/trace-owner/${randomUUID()}/analytics`);
  expect(unknown.status).toBe(404);

  for (const query of ['cursor=not-a-cursor', 'cursor=a%20b', 'limit=0', 'limit=101', 'limit=ten']) {
    const refused = await demo.get(`/api/trace-owner/${traceId}/subscribers?${query}`);
    expect([query, refused.status]).toEqual([query, 400]);
    expect(refused.body.message).toMatch(/cursor is not valid|limit must be/);
  }
});

it('the trace page gives its subscriber the full follower results and anyone else the summary', async () => {
  const { subscriber, stranger, traceId } = shared;
  const full = await subscriber.api.get(`/api/traces/${traceId}`).expect(200);
  expect(full.body.trace.followerResults).toMatchObject({ summaryOnly: false, minCopies: expect.any(Number) });
  const summary = await stranger.api.get(`/api/traces/${traceId}`).expect(200);
  expect(summary.body.trace.followerResults).toMatchObject({ summaryOnly: true });
  expect(summary.body.trace).toHaveProperty('followerReturnMedian');
  expect(summary.body.trace).toHaveProperty('slippageMedian');
});
