import { CopyTradeMessages, type CopyInstanceView } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import type { ApiSession } from '../src/support/api-session';
import { listen, type EventStream } from '../src/support/event-stream';
import { seedUsers, signIn } from '../src/support/seeded-users';
import {
  demoOwnsTrace,
  linkPaperBroker,
  ownerBuys,
  ownerSells,
  shareTrade,
  subscribeAt,
  type OwnedTrace,
} from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * Automatic copying through the started product (gateway, identity, traces, copy engine, brokerage with the paper
 * broker). The demo user owns a trace; five seeded users: A and D subscribe at basic, link the paper broker and turn
 * copy trading on in Settings (default amount 250), A also 'close my automatic copies when the trader sells'; B
 * subscribes with the paper broker and turns copy trading on then off; C subscribes and turns it on without a
 * brokerage; N only signs in. The owner buys 6 MSFT at 100 and shares it at basic: A and D each get exactly one
 * automatic copy of 2 (250 at 100), OPEN with its receipt, one order each at the brokerage, and A's live push
 * carries copy.opened; B and N get nothing; C gets a copy recorded as not placed, with the reason. The owner sells:
 * A's automatic copy is sold and closed (copy.closed on A's push), D's stays open. A trade shared while the market is
 * closed gives A and D copies recorded as not placed, with the market-closed reason; once D chooses to wait for the
 * open, such a copy is queued, then sized at the open's price and placed once (the first refusal kept as REJECTED).
 */
const suite = useTestPlatform('auto_copy');
const SYMBOL = 'MSFT';
const PRICE = 100;
const DEFAULT_AMOUNT = 250;
/** Whole shares of the default amount at the price. */
const COPY_QUANTITY = Math.floor(DEFAULT_AMOUNT / PRICE);

interface Follower {
  api: ApiSession;
  id: string;
  cookie: string;
}

let owner: OwnedTrace;
let tradeId: string;
let a: Follower;
let b: Follower;
let c: Follower;
let d: Follower;
let n: Follower;
const streams: EventStream[] = [];
let streamOfA: EventStream;
let streamOfB: EventStream;

const myCopies = async (follower: Follower): Promise<CopyInstanceView[]> => {
  const listed = await follower.api.get('/api/copy-trades/my-copies');
  expect(listed.status).toBe(200);
  return listed.body.copyInstances as CopyInstanceView[];
};

const ordersOf = async (userId: string) =>
  (
    await suite.db.query(
      `SELECT request_id, action, quantity::float8 AS quantity FROM brokerage.order_intents WHERE user_id = $1
        ORDER BY created_at`,
      [userId],
    )
  ).rows as Array<{ request_id: string; action: string; quantity: number }>;

/** Copy-trading settings saved through the gateway, as Settings → Account saves them. */
async function saveSettings(
  follower: Follower,
  { enabled, closeOnSell }: { enabled: boolean; closeOnSell?: boolean },
): Promise<void> {
  expect((await follower.api.post('/api/update-copy-trading', { copyTradingEnabled: enabled })).status).toBe(200);
  if (!enabled) return;
  expect((await follower.api.post('/api/update-copy-settings', { defaultCopyAmount: DEFAULT_AMOUNT })).status).toBe(
    200,
  );
  if (closeOnSell !== undefined)
    expect(
      (await follower.api.post('/api/update-copy-settings', { closeAutoCopiesOnTraderSell: closeOnSell })).status,
    ).toBe(200);
}

beforeAll(async () => {
  owner = await demoOwnsTrace(suite, { name: 'auto_copy_source', handle: 'auto_copy_source' });
  const url = suite.platform.url;
  [a, b, c, d, n] = await Promise.all(
    (await seedUsers(suite.db, 'auto_copy', 5)).map(async (user) => ({
      id: user.id,
      ...(await signIn(url, user.username)),
    })),
  );
  for (const follower of [a, b, c, d]) await subscribeAt(follower.api, follower.id, owner.traceId);
  for (const follower of [a, b, d]) await linkPaperBroker(follower.api, follower.id);
  await saveSettings(a, { enabled: true, closeOnSell: true });
  await saveSettings(d, { enabled: true });
  await saveSettings(b, { enabled: true });
  await saveSettings(b, { enabled: false });
  await saveSettings(c, { enabled: true });
  // The copy engine learns the settings from identity's UserSettingsChanged (a projection): wait until it has.
  await expectEventually(async () => {
    const { rows } = await suite.db.query(
      `SELECT user_id, copy_trading_enabled AS enabled, default_copy_amount::float8 AS amount,
              close_auto_copies_on_trader_sell AS close
         FROM copy_engine.follower_settings WHERE user_id = ANY($1::uuid[])`,
      [[a.id, b.id, c.id, d.id]],
    );
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect([a, b, c, d].map((follower) => byUser.get(follower.id))).toEqual([
      expect.objectContaining({ enabled: true, amount: DEFAULT_AMOUNT, close: true }),
      expect.objectContaining({ enabled: false }),
      expect.objectContaining({ enabled: true }),
      expect.objectContaining({ enabled: true, amount: DEFAULT_AMOUNT, close: false }),
    ]);
  });
  streamOfA = await listen(url, a.cookie, streams);
  streamOfB = await listen(url, b.cookie, streams);
  expect([streamOfA.status, streamOfB.status]).toEqual([200, 200]);

  tradeId = await ownerBuys(suite, owner, { symbol: SYMBOL, price: PRICE, quantity: 6, orderPrefix: 'auto-copy-src' });
  await shareTrade(owner, tradeId);
}, 180_000);

afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('automatic copying of a shared trade', () => {
  it('A and D: exactly one automatic copy each, OPEN with its receipt, one order at the brokerage', async () => {
    for (const follower of [a, d]) {
      const [copy, ...more] = await expectEventually(
        async () => {
          const copies = await myCopies(follower);
          expect(copies.map((candidate) => candidate.status)).toEqual(['open']);
          return copies;
        },
        { timeoutMs: 30_000 },
      );
      expect(more).toEqual([]);
      expect(copy).toMatchObject({
        placement: 'automatic',
        status: 'open',
        copyQuantity: COPY_QUANTITY,
        heldQuantity: COPY_QUANTITY,
        failureReason: null,
        brokerageOrderId: expect.any(String),
        brokerageAccountId: expect.any(String),
        originalTrade: { id: tradeId, symbol: SYMBOL, type: 'buy', trace: { id: owner.traceId } },
        receipt: {
          traderPrice: PRICE,
          traderSharedAt: expect.any(String),
          fillPrice: expect.any(Number),
          filledAt: expect.any(String),
          delaySeconds: expect.any(Number),
          versusTrader: expect.stringMatching(/^(better|same|worse)$/),
        },
      });
      expect(copy!.receipt.fillPrice).toBe(copy!.copyEntryPrice);
      expect(copy!.receipt.slippage).toBeCloseTo(copy!.copyEntryPrice! - PRICE, 4);
      expect(copy!.receipt.delaySeconds!).toBeGreaterThanOrEqual(0);
      expect(copy!.receipt.delaySeconds!).toBeLessThan(30);
      expect(copy!.requestId).toMatch(new RegExp(`^auto-copy:.+:${follower.id}$`));
      // One buy at the brokerage, under the copy's request id.
      expect(await ordersOf(follower.id)).toEqual([
        { request_id: copy!.requestId, action: 'BUY', quantity: COPY_QUANTITY },
      ]);
      // The receipt's fill is the brokerage's own record of the order: the paper broker's execution time and price.
      const { rows: executed } = await suite.db.query(
        `SELECT i.executed_at, p.updated_at AS paper_executed_at, p.execution_price::float8 AS price
           FROM brokerage.order_intents i JOIN brokerage.paper_orders p ON p.id::text = i.provider_order_id
          WHERE i.user_id = $1 AND i.request_id = $2`,
        [follower.id, copy!.requestId],
      );
      expect(executed).toHaveLength(1);
      expect(executed[0].executed_at.toISOString()).toBe(executed[0].paper_executed_at.toISOString());
      expect(copy!.receipt).toMatchObject({
        filledAt: executed[0].executed_at.toISOString(),
        fillPrice: executed[0].price,
        delaySeconds:
          Math.round((executed[0].executed_at.getTime() - Date.parse(copy!.receipt.traderSharedAt!)) / 10) / 100,
      });
    }
  });

  it("A's live push carries copy.opened for the automatic copy; B's does not", async () => {
    const [copy] = await myCopies(a);
    await expectEventually(() =>
      expect(streamOfA.events.filter((event) => event.type === 'copy.opened')).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            copyId: copy!.id,
            originalTradeId: tradeId,
            placement: 'automatic',
            symbol: SYMBOL,
          }),
        }),
      ]),
    );
    // Both subscribers were sent the share itself.
    await expectEventually(() => expect(streamOfB.events.map((event) => event.type)).toContain('trade.shared'));
    expect(streamOfB.events.filter((event) => event.type === 'copy.opened')).toEqual([]);
  });

  it('C (copy trading on, no brokerage): a copy recorded as not placed, with the reason', async () => {
    const copies = await expectEventually(
      async () => {
        const listed = await myCopies(c);
        expect(listed.map((copy) => copy.status)).toEqual(['failed']);
        return listed;
      },
      { timeoutMs: 30_000 },
    );
    expect(copies[0]).toMatchObject({
      placement: 'automatic',
      status: 'failed',
      failureReason: CopyTradeMessages.brokerageNotConnected,
      brokerageOrderId: null,
      copyEntryPrice: null,
      originalTrade: { id: tradeId, symbol: SYMBOL },
      receipt: { traderPrice: PRICE, fillPrice: null },
    });
    expect(await ordersOf(c.id)).toEqual([]);
  });

  it("another user's id in the user-id header does not show their automatic copy: 403", async () => {
    const asD = await a.api.get('/api/copy-trades/my-copies').set('user-id', d.id);
    expect(asD.status).toBe(403);
    expect(asD.body.copyInstances).toBeUndefined();
  });

  it('B (copy trading turned off) and N (not a subscriber): no copy, no order', async () => {
    // By now A's, C's and D's copies are recorded: the fan-out has run.
    for (const follower of [b, n]) {
      expect(await myCopies(follower)).toEqual([]);
      expect(await ordersOf(follower.id)).toEqual([]);
    }
    const { rows } = await suite.db.query(
      `SELECT count(*)::int AS n FROM copy_engine.copy_instances WHERE original_trade_id = $1`,
      [tradeId],
    );
    expect(rows[0].n).toBe(3);
  });

  it("the owner sells: A's automatic copy is sold and closed (close on sell on); D's stays open (off)", async () => {
    await ownerSells(owner, { symbol: SYMBOL, quantity: 6 });
    const [closed] = await expectEventually(
      async () => {
        const copies = await myCopies(a);
        expect(copies.map((copy) => copy.status)).toEqual(['closed']);
        return copies;
      },
      { timeoutMs: 30_000 },
    );
    expect(closed).toMatchObject({
      placement: 'automatic',
      closedAt: expect.any(String),
      copierCurrentPrice: expect.any(Number),
    });
    // One buy, then one sell of what the copy held.
    expect((await ordersOf(a.id)).map((order) => [order.action, order.quantity])).toEqual([
      ['BUY', COPY_QUANTITY],
      ['SELL', COPY_QUANTITY],
    ]);
    await expectEventually(() =>
      expect(streamOfA.events.filter((event) => event.type === 'copy.closed')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ copyId: closed!.id, placement: 'automatic' }) }),
      ]),
    );
    // A's close was recorded from the same TradeClosed D's would have been: D's copy is left open, with no sell.
    expect((await myCopies(d)).map((copy) => [copy.status, copy.heldQuantity])).toEqual([['open', COPY_QUANTITY]]);
    expect((await ordersOf(d.id)).map((order) => order.action)).toEqual(['BUY']);
  });

  it('the market is closed when the owner shares: A and D get copies recorded not placed with its reason', async () => {
    const closedTradeId = await ownerBuys(suite, owner, {
      symbol: 'AAPL',
      price: 50,
      quantity: 1,
      orderPrefix: 'auto-copy-closed',
    });
    expect((await owner.demo.post('/api/dev/market/hours', { open: false })).status).toBe(200);
    try {
      await shareTrade(owner, closedTradeId);
      for (const follower of [a, d]) {
        const copy = await expectEventually(
          async () => {
            const found = (await myCopies(follower)).find((candidate) => candidate.originalTrade.id === closedTradeId);
            expect(found?.status).toBe('failed');
            return found!;
          },
          { timeoutMs: 30_000 },
        );
        expect(copy).toMatchObject({
          placement: 'automatic',
          failureReason: CopyTradeMessages.marketClosed,
          brokerageOrderId: null,
        });
      }
      // Nothing of AAPL was filled for them (a refusal may be kept as REJECTED, never a fill).
      const filled = await suite.db.query(
        `SELECT count(*)::int AS n FROM brokerage.order_intents
          WHERE user_id = ANY($1::uuid[]) AND symbol = 'AAPL' AND state <> 'REJECTED'`,
        [[a.id, d.id]],
      );
      expect(filled.rows[0].n).toBe(0);
    } finally {
      expect((await owner.demo.post('/api/dev/market/hours', { open: true })).status).toBe(200);
    }
  });

  it("D waits for the open (market-closed policy 'next_open'): the copy is queued, then sized at the open's price and placed once", async () => {
    expect((await d.api.put('/api/copy-guards', { marketClosedPolicy: 'next_open' })).status).toBe(200);
    const queuedTradeId = await ownerBuys(suite, owner, {
      symbol: 'NVDA',
      price: 50,
      quantity: 1,
      orderPrefix: 'auto-copy-queued',
    });
    const copyOfD = async () => (await myCopies(d)).find((candidate) => candidate.originalTrade.id === queuedTradeId);
    expect((await owner.demo.post('/api/dev/market/hours', { open: false })).status).toBe(200);
    try {
      await shareTrade(owner, queuedTradeId);
      const queued = await expectEventually(
        async () => {
          const found = await copyOfD();
          expect(found).toMatchObject({ status: 'pending', failureReason: null });
          expect(found!.queuedUntil).not.toBeNull();
          return found!;
        },
        { timeoutMs: 30_000 },
      );
      expect(queued.requestedQuantity).toBe(5); // 250 at 50
    } finally {
      expect((await owner.demo.post('/api/dev/market/hours', { open: true })).status).toBe(200);
    }
    // The open comes at a new price: sized again (2 at 125), sent once under the request id it was given to wait.
    expect((await owner.demo.post('/api/dev/market/price', { symbol: 'NVDA', price: 125 })).status).toBe(200);
    await suite.db.query(
      `UPDATE copy_engine.copy_instances SET queued_until = now() WHERE user_id = $1 AND original_trade_id = $2`,
      [d.id, queuedTradeId],
    );
    const opened = await expectEventually(
      async () => {
        const found = await copyOfD();
        expect(found?.status).toBe('open');
        return found!;
      },
      { timeoutMs: 30_000 },
    );
    expect(opened).toMatchObject({ requestedQuantity: 2, copyQuantity: 2, copyEntryPrice: 125, queuedUntil: null });
    const intents = (
      await suite.db.query(
        `SELECT request_id, state, quantity::float8 AS quantity FROM brokerage.order_intents
          WHERE user_id = $1 AND symbol = 'NVDA' AND request_id LIKE 'auto-copy:%' ORDER BY created_at`,
        [d.id],
      )
    ).rows as Array<{ request_id: string; state: string; quantity: number }>;
    expect(intents.map(({ state, quantity }) => [state, quantity])).toEqual([
      ['REJECTED', 5],
      ['FILLED', 2],
    ]);
    expect(intents[1]!.request_id).toBe(opened.requestId);
  });

  it('price protection through the paper broker: A (5 %) gets an immediate-or-cancel limit that fills; D (1 %) is skipped when the price has moved 3 %', async () => {
    expect((await a.api.put('/api/copy-guards', { priceProtectionPercent: 5 })).status).toBe(200);
    expect(
      (await d.api.put('/api/copy-guards', { priceProtectionPercent: 1, marketClosedPolicy: 'skip' })).status,
    ).toBe(200);
    const protectedTradeId = await ownerBuys(suite, owner, {
      symbol: 'AMZN',
      price: 100,
      quantity: 1,
      orderPrefix: 'auto-copy-protected',
    });
    // The market moves 3 % between the owner's fill and the share.
    expect((await owner.demo.post('/api/dev/market/price', { symbol: 'AMZN', price: 103 })).status).toBe(200);
    await shareTrade(owner, protectedTradeId);
    const copyOf = (follower: Follower) =>
      expectEventually(
        async () => {
          const found = (await myCopies(follower)).find((each) => each.originalTrade.id === protectedTradeId);
          expect(['open', 'skipped']).toContain(found?.status);
          return found!;
        },
        { timeoutMs: 30_000 },
      );
    // A: 2 shares (250 at 103), limited at 105 (within 5 % of the trader's 100), filled at the market's 103.
    expect(await copyOf(a)).toMatchObject({
      status: 'open',
      copyQuantity: 2,
      copyEntryPrice: 103,
      receipt: { traderPrice: 100, sizingPrice: 103, limitPrice: 105 },
    });
    const [limitOrder] = (
      await suite.db.query(
        `SELECT limit_price::float8 AS "limitPrice", time_in_force AS "timeInForce" FROM brokerage.order_intents
          WHERE user_id = $1 AND symbol = 'AMZN'`,
        [a.id],
      )
    ).rows;
    expect(limitOrder).toEqual({ limitPrice: 105, timeInForce: 'IOC' });
    // D: skipped before any order, with the move and the limit.
    expect(await copyOf(d)).toMatchObject({
      status: 'skipped',
      failureReason: "Price moved 3 % from the trader's (your limit 1 %)",
    });
    const ordersOfD = await suite.db.query(
      `SELECT 1 FROM brokerage.order_intents WHERE user_id = $1 AND symbol = 'AMZN'`,
      [d.id],
    );
    expect(ordersOfD.rows).toEqual([]);
  });
});
