import { randomUUID } from 'node:crypto';
import { MyCopiesErrorCode, OwnerSellMessages } from '@copytrade/contracts';
import { ApiSession } from '../src/support/api-session';
import { copySharedTrade, shareTradeWithSubscriber, type LinkedFollower } from '../src/support/shared-trade';
import { TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * A follower's copy after the copy, through the gateway with the paper broker: the demo user owns a trace, buys
 * MSFT and shares it at basic; a basic subscriber copies 2 (at 110: the trader's price was 100); My Copy Trades shows
 * the copy with its receipt; the price refresh follows the paper market; the follower sells the copy through
 * POST /api/snaptrade/sell-position (the owner's path refuses a non-owner, the copy engine sells the copy) — once
 * per request id — and PUT /api/copy-trades/{id}/close answers the copy closed at the brokerage's fill (the client's
 * 999 ignored), once; my-performance sums it. Another user's id in the user-id header is 403 on every path; another
 * user's copy is 404 and invisible.
 */
const suite = useTestPlatform('my-copies');
let demo: ApiSession;
let demoId: string;
let traceId: string;
let tradeId: string;
let copyId: string;
let subscriber: LinkedFollower;
let stranger: { api: ApiSession; id: string };

const setPrice = async (price: number) =>
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price })).status).toBe(200);

const sellPosition = (requestId: string, quantity: number, positionTraceId = traceId) =>
  subscriber.api.send(
    'post',
    '/api/snaptrade/sell-position',
    {
      userId: subscriber.id,
      accountId: subscriber.accountId,
      positionData: {
        symbol: 'MSFT',
        quantity,
        isOptions: false,
        orderType: 'Market',
        price: null,
        traceId: positionTraceId,
      },
      confirmRisks: true,
      requestId,
    },
    { 'X-Request-ID': requestId },
  );

const asSubscriber = (method: 'get' | 'post' | 'put', path: string, body?: object, userId = subscriber.id) =>
  subscriber.api.send(method, path, body, { 'user-id': userId });

const copyClosedCount = async () =>
  Number(
    (
      await suite.db.query(`SELECT count(*) AS n FROM copy_engine.outbox WHERE aggregate_id = $1 AND subject = $2`, [
        `copy:${copyId}`,
        'events.copy-engine.copy.closed.v1',
      ])
    ).rows[0].n,
  );

beforeAll(async () => {
  ({ demo, demoId, traceId, tradeId, subscriber, stranger } = await shareTradeWithSubscriber(suite, {
    trace: { name: 'my_copies_source', handle: 'my_copies_source' },
    orderPrefix: 'my-copies-src',
    usersLabel: 'my_copies',
  }));

  await setPrice(110);
  const copied = await copySharedTrade({ subscriber, tradeId }, `my-copies-${randomUUID()}`);
  expect([copied.status, copied.body.copyInstance?.status]).toEqual([200, 'open']);
  copyId = copied.body.copyInstance.id;
}, 120_000);

describe('My Copy Trades', () => {
  it('my-copies lists the open copy with its receipt and placement; refresh-price follows the market', async () => {
    const listed = await asSubscriber('get', '/api/copy-trades/my-copies');
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toEqual({ limit: 100, offset: 0, total: 1, hasMore: false });
    const [copy] = listed.body.copyInstances;
    expect(copy).toMatchObject({
      id: copyId,
      status: 'open',
      placement: 'manual',
      copyQuantity: 2,
      heldQuantity: 2,
      // The trader is named (identity's username), as the copy and live-positions answers name them.
      originalTrade: { id: tradeId, trace: { id: traceId }, trader: { id: demoId, username: TEST_DEMO.username } },
      receipt: { traderPrice: 100, traderSharedAt: expect.any(String), filledAt: expect.any(String) },
    });
    const fill = copy.copyEntryPrice as number;
    expect(copy.receipt.fillPrice).toBe(fill);
    expect(copy.receipt.slippage).toBeCloseTo(fill - 100, 4);
    expect(copy.receipt.versusTrader).toBe(fill > 100 ? 'worse' : fill < 100 ? 'better' : 'same');

    await setPrice(120);
    const refreshed = await asSubscriber('post', `/api/copy-trades/${copyId}/refresh-price`);
    expect(refreshed.status).toBe(200);
    const current = refreshed.body.updatedCopy.copierCurrentPrice as number;
    expect(current).toBeGreaterThan(fill);
    expect(refreshed.body.updatedCopy.copierUnrealizedPnl).toBeCloseTo((current - fill) * 2, 2);
    expect(refreshed.body.updatedCopy.originalTrade.trader.username).toBe(TEST_DEMO.username);
  });

  it('sell-position sells the copy (quantity within what it holds), once per request id', async () => {
    await setPrice(115);
    const tooMany = await sellPosition(`sell-${randomUUID()}`, 3);
    expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([
      422,
      'QUANTITY_TOO_LARGE',
      OwnerSellMessages.quantityTooLarge(2),
    ]);
    const requestId = `sell-${randomUUID()}`;
    const sold = await sellPosition(requestId, 2);
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({
      success: true,
      status: 'filled',
      orderResult: { price: expect.any(Number), orderId: expect.any(String) },
      replayed: false,
    });
    const again = await sellPosition(requestId, 2, 'unknown');
    expect([again.status, again.body.replayed, again.body.orderResult]).toEqual([200, true, sold.body.orderResult]);
    const stored = await suite.db.query(`SELECT count(*)::int AS n FROM copy_engine.copy_sells WHERE user_id = $1`, [
      subscriber.id,
    ]);
    expect(stored.rows[0].n).toBe(1);

    // Close: the brokerage's fill, never the client's 999; once.
    const closed = await asSubscriber('put', `/api/copy-trades/${copyId}/close`, {
      exitPrice: 999,
      brokerageSellOrderId: sold.body.orderResult.orderId,
    });
    expect(closed.status).toBe(200);
    const entry = closed.body.copyInstance.copyEntryPrice as number;
    expect(closed.body.copyInstance).toMatchObject({
      status: 'closed',
      copierCurrentPrice: sold.body.orderResult.price,
    });
    expect(closed.body.copyInstance.copierUnrealizedPnl).toBeCloseTo((sold.body.orderResult.price - entry) * 2, 2);
    const twice = await asSubscriber('put', `/api/copy-trades/${copyId}/close`, {
      exitPrice: 1,
      brokerageSellOrderId: null,
    });
    expect([twice.status, twice.body.closed, twice.body.copyInstance.copierCurrentPrice]).toEqual([
      200,
      false,
      sold.body.orderResult.price,
    ]);
    expect(await copyClosedCount()).toBe(1);

    const closedList = await asSubscriber('get', '/api/copy-trades/my-copies?status=closed');
    expect(closedList.body.copyInstances.map((copy: { id: string }) => copy.id)).toEqual([copyId]);
    const performance = await asSubscriber('get', '/api/copy-trades/my-performance');
    expect(performance.status).toBe(200);
    const realized = (sold.body.orderResult.price - entry) * 2;
    expect(performance.body.performance).toMatchObject({
      totalCopies: 1,
      openPositions: 0,
      closedPositions: 1,
      winRate: realized > 0 ? 100 : 0,
    });
    expect(performance.body.performance.totalReturn).toBeCloseTo(realized, 2);
  });

  it("another user's id in the user-id header is 403 on every path; another user's copy is 404 and invisible", async () => {
    for (const [method, path, body] of [
      ['get', '/api/copy-trades/my-copies', undefined],
      ['get', '/api/copy-trades/my-performance', undefined],
      ['post', `/api/copy-trades/${copyId}/refresh-price`, undefined],
      ['put', `/api/copy-trades/${copyId}/close`, { exitPrice: 1, brokerageSellOrderId: null }],
    ] as const)
      expect([path, (await asSubscriber(method, path, body, stranger.id)).status]).toEqual([path, 403]);

    const theirs = await stranger.api.send('get', '/api/copy-trades/my-copies', undefined, { 'user-id': stranger.id });
    expect([theirs.status, theirs.body.copyInstances]).toEqual([200, []]);
    const refresh = await stranger.api.send('post', `/api/copy-trades/${copyId}/refresh-price`, undefined, {});
    expect([refresh.status, refresh.body.code]).toEqual([404, MyCopiesErrorCode.COPY_NOT_FOUND]);
    const close = await stranger.api.send('put', `/api/copy-trades/${copyId}/close`, { exitPrice: 1 }, {});
    expect([close.status, close.body.code]).toEqual([404, MyCopiesErrorCode.COPY_NOT_FOUND]);
    const sell = await stranger.api.send(
      'post',
      '/api/snaptrade/sell-position',
      {
        userId: stranger.id,
        accountId: subscriber.accountId,
        positionData: { symbol: 'MSFT', quantity: 1, orderType: 'Market', traceId },
        confirmRisks: true,
      },
      { 'X-Request-ID': `x-${randomUUID()}` },
    );
    expect(sell.status).toBe(403);
  });
});
