import { randomUUID } from 'node:crypto';
import { CopyTradeMessages } from '@copytrade/contracts';
import { ApiSession } from '../src/support/api-session';
import { shareTradeWithSubscriber, type LinkedFollower } from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * The follower's manual copy through the gateway, with the paper broker: the demo user owns a trace, buys MSFT
 * (the trade arrives through OrderFilled) and shares it at the basic tier; a subscriber at basic who linked the
 * paper broker copies it (200, the copy recorded OPEN with the brokerage's fill, CopyOpened written; the same
 * request id answers the same copy; /api/copy-trades/copy answers it); a user without a subscription is refused;
 * another user's id in the body or the user-id header is 403; no request id is 400.
 */
const suite = useTestPlatform('copy-trade');
let demo: ApiSession;
let traceId: string;
let tradeId: string;
let subscriber: LinkedFollower;
let stranger: { api: ApiSession; id: string };

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
  ({ demo, traceId, tradeId, subscriber, stranger } = await shareTradeWithSubscriber(suite, {
    trace: { name: 'copy_trade_source', handle: 'copy_trade_source' },
    orderPrefix: 'copy-src',
    usersLabel: 'copier',
  }));
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

  it('missing fields are listed with the documented message', async () => {
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
