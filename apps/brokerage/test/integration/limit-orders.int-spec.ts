import { randomUUID } from 'node:crypto';
import {
  batchOf,
  MarketOrderRules,
  type MarketOrderInput,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchRpcReply,
} from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { AccountsController } from '../../src/modules/accounts/accounts.controller';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { PaperBrokerProvider } from '../../src/modules/paper/paper-broker.provider';
import { PaperOrderScripts } from '../../src/modules/paper/paper-order-script';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';

let ctx: BrokerageTestApp;
let orders: OrdersController;
let feed: PaperPriceFeed;
const userId = randomUUID();
const bob = randomUUID();
let accountId: string;
let bobAccountId: string;

const id = (label: string) => `${label}-${randomUUID()}`;
const limitBuy = (quantity: number, limitPrice: number, timeInForce?: 'Day' | 'IOC' | 'FOK'): MarketOrderInput => ({
  action: 'BUY',
  symbol: 'AAPL',
  quantity,
  limitPrice,
  ...(timeInForce ? { timeInForce } : {}),
});
const place = (requestId: string, order: MarketOrderInput, user = userId) =>
  orders.place({ requestId: 'rpc', actor: actorOf(user), payload: { userId: user, requestId, order } });
const batch = (items: PlaceOrderBatchOrder[]): Promise<PlaceOrderBatchRpcReply> =>
  orders.placeBatch({ requestId: `trace-${randomUUID()}`, payload: batchOf(items) });
const item = (user: string, requestId: string, order: MarketOrderInput): PlaceOrderBatchOrder => ({
  userId: user,
  accountId: null,
  requestId,
  order,
});
const accountState = async (account: string) => {
  const [{ cash }] = await ctx.dataSource.query(`SELECT cash FROM brokerage.paper_accounts WHERE id = $1`, [account]);
  const positions: Array<{ units: string }> = await ctx.dataSource.query(
    `SELECT units FROM brokerage.paper_positions WHERE account_id = $1 AND symbol = 'AAPL'`,
    [account],
  );
  return { cash: Number(cash), held: Number(positions[0]?.units ?? 0) };
};
const paperOrderCount = async () =>
  (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.paper_orders`))[0].n as number;

beforeAll(async () => {
  ctx = await startBrokerageApp('brokerage_limit_orders');
  orders = ctx.app.get(OrdersController);
  feed = ctx.app.get(PaperPriceFeed);
  accountId = (await connectPaperUser(ctx.app, userId)).accountIds[0]!;
  bobAccountId = (await connectPaperUser(ctx.app, bob)).accountIds[0]!;
}, 60_000);
beforeEach(() => feed.setPrice('AAPL', new Decimal(100)));
afterAll(() => ctx?.close());

describe('one order', () => {
  it('an IOC limit buy fills at the market price, at or below its limit; the view and the record carry the limit', async () => {
    const requestId = id('ioc-fill');
    const before = await accountState(accountId);
    const { order } = await place(requestId, limitBuy(2, 100.25, 'IOC'));
    expect(order).toMatchObject({
      state: 'FILLED',
      final: true,
      filledQuantity: 2,
      executionPrice: 100,
      limitPrice: 100.25,
      timeInForce: 'IOC',
      providerStatus: 'EXECUTED',
    });
    expect(await accountState(accountId)).toEqual({ cash: before.cash - 200, held: before.held + 2 });
    const [intent] = await ctx.dataSource.query(
      `SELECT limit_price, time_in_force, "order" FROM brokerage.order_intents WHERE request_id = $1`,
      [requestId],
    );
    expect(intent).toMatchObject({
      limit_price: '100.2500',
      time_in_force: 'IOC',
      order: { limitPrice: '100.25', timeInForce: 'IOC' },
    });
    const [row] = await ctx.dataSource.query(
      `SELECT limit_price, time_in_force FROM brokerage.paper_orders WHERE id = $1`,
      [order.brokerageOrderId],
    );
    expect(row).toEqual({ limit_price: '100.2500', time_in_force: 'IOC' });
  });

  it('an IOC or FOK limit buy below the market ends CANCELED, final, nothing filled, no cash or position change', async () => {
    for (const timeInForce of ['IOC', 'FOK'] as const) {
      const before = await accountState(accountId);
      const { order } = await place(id('ioc-miss'), limitBuy(2, 99.99, timeInForce));
      expect(order).toMatchObject({
        state: 'CANCELED',
        final: true,
        filledQuantity: 0,
        executionPrice: null,
        providerStatus: 'CANCELED',
        limitPrice: 99.99,
        timeInForce,
      });
      expect(await accountState(accountId)).toEqual(before);
    }
  });

  it('a limit sell fills at or above its limit, never below', async () => {
    await place(id('hold'), { action: 'BUY', symbol: 'AAPL', quantity: 4 });
    const before = await accountState(accountId);
    const sell = (limitPrice: number) => ({ action: 'SELL' as const, symbol: 'AAPL', quantity: 3, limitPrice });
    const missed = await place(id('sell-miss'), { ...sell(100.5), timeInForce: 'FOK' });
    expect(missed.order).toMatchObject({ state: 'CANCELED', filledQuantity: 0 });
    expect(await accountState(accountId)).toEqual(before);
    const filled = await place(id('sell-fill'), { ...sell(99.5), timeInForce: 'IOC' });
    expect(filled.order).toMatchObject({ state: 'FILLED', filledQuantity: 3, executionPrice: 100 });
    expect(await accountState(accountId)).toEqual({ cash: before.cash + 300, held: before.held - 3 });
  });

  it('the same request id answers the first order; another limit (or none) with it is refused, nothing placed again', async () => {
    const requestId = id('repeat');
    const first = await place(requestId, limitBuy(1, 99, 'IOC'));
    expect(first.order.state).toBe('CANCELED');
    const placed = await paperOrderCount();
    await expect(place(requestId, limitBuy(1, 99, 'IOC'))).resolves.toEqual({ replayed: true, order: first.order });
    for (const other of [
      limitBuy(1, 101, 'IOC'),
      limitBuy(1, 99, 'FOK'),
      { action: 'BUY', symbol: 'AAPL', quantity: 1 },
    ])
      await expect(place(requestId, other as MarketOrderInput)).rejects.toMatchObject({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    expect(await paperOrderCount()).toBe(placed);
    // A time in force left out is Day, the same order as one that says Day.
    const day = id('day');
    const dayOrder = await place(day, limitBuy(1, 101));
    await expect(place(day, limitBuy(1, 101, 'Day'))).resolves.toEqual({ replayed: true, order: dayOrder.order });
  });

  it('a Day limit order fills when the price is within it; one that would have to wait is refused (4xx), stored as refused', async () => {
    const day = await place(id('day-fill'), limitBuy(1, 100, 'Day'));
    expect(day.order).toMatchObject({ state: 'FILLED', executionPrice: 100, timeInForce: 'Day' });
    const requestId = id('day-wait');
    const before = await accountState(accountId);
    await expect(place(requestId, limitBuy(1, 90, 'Day'))).rejects.toMatchObject({
      status: 422,
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('IOC or FOK'),
    });
    await expect(place(requestId, limitBuy(1, 90, 'Day'))).rejects.toMatchObject({ status: 422 });
    expect(await accountState(accountId)).toEqual(before);
  });

  it('refuses a bad limit before anything is stored (400 INVALID_ORDER with the rule message)', async () => {
    const requestId = id('bad-limit');
    await expect(place(requestId, limitBuy(1, 1.23456))).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_ORDER',
      message: MarketOrderRules.messages.limitPrice,
    });
    await expect(
      place(requestId, { action: 'BUY', symbol: 'AAPL', quantity: 1, timeInForce: 'IOC' }),
    ).rejects.toMatchObject({ status: 400, message: MarketOrderRules.messages.timeInForceWithoutLimit });
    const rows = await ctx.dataSource.query(`SELECT 1 FROM brokerage.order_intents WHERE request_id = $1`, [requestId]);
    expect(rows).toHaveLength(0);
  });

  it('a scripted (slow) fill never fills a limit buy above its limit: the price moved past it, the rest is canceled', async () => {
    const scripts = ctx.app.get(PaperOrderScripts);
    const paper = ctx.app.get(PaperBrokerProvider);
    const { credentials } = await ctx.app.get(ProviderUsers).require(userId);
    const before = await accountState(accountId);
    await feed.setPrice('MSFT', new Decimal(100));
    scripts.scriptNextOrders(accountId, { kind: 'delayed-fill', afterMs: 150 }, { kind: 'delayed-fill', afterMs: 150 });
    const moved = await place(id('slow-moved'), limitBuy(2, 101, 'IOC'));
    const stayed = await place(id('slow-stayed'), { ...limitBuy(1, 101, 'IOC'), symbol: 'MSFT' });
    expect(moved.order).toMatchObject({ state: 'SUBMITTED', final: false });
    await feed.setPrice('AAPL', new Decimal(101.01));
    await feed.setPrice('MSFT', new Decimal(101));
    await new Promise((resolve) => setTimeout(resolve, 250));
    const record = (brokerageOrderId: string | null) => paper.getOrder(credentials, accountId, brokerageOrderId!);
    expect(await record(moved.order.brokerageOrderId)).toMatchObject({ status: 'CANCELED', filledQuantity: '0' });
    expect(await record(stayed.order.brokerageOrderId)).toMatchObject({ status: 'EXECUTED', executionPrice: '101' });
    expect((await accountState(accountId)).held).toBe(before.held);
  });
});

describe('a batch', () => {
  it('fills the orders whose limit the price is within, cancels the others, refuses a Day order that would wait', async () => {
    const before = { alice: await accountState(accountId), bob: await accountState(bobAccountId) };
    const items = [
      item(userId, id('b-fill'), limitBuy(2, 100.5, 'IOC')),
      item(bob, id('b-fill'), limitBuy(3, 100.5, 'IOC')),
      item(userId, id('b-miss'), limitBuy(2, 99, 'IOC')),
      item(bob, id('b-miss'), limitBuy(1, 99, 'FOK')),
      item(bob, id('b-day'), limitBuy(1, 99, 'Day')),
    ];
    const { results } = await batch(items);
    expect(results.map((result) => result.order?.state ?? result.error?.code)).toEqual([
      'FILLED',
      'FILLED',
      'CANCELED',
      'CANCELED',
      'PROVIDER_ERROR',
    ]);
    expect(results[0]!.order).toMatchObject({ executionPrice: 100, limitPrice: 100.5, timeInForce: 'IOC' });
    expect(results[2]!.order).toMatchObject({ filledQuantity: 0, executionPrice: null, final: true });
    expect(results[4]!.error).toMatchObject({ status: 422 });
    expect(await accountState(accountId)).toEqual({ cash: before.alice.cash - 200, held: before.alice.held + 2 });
    expect(await accountState(bobAccountId)).toEqual({ cash: before.bob.cash - 300, held: before.bob.held + 3 });

    // The batch sent again is answered with its first orders; another limit under a used id is refused.
    const placed = await paperOrderCount();
    const again = await batch(items);
    expect(again.results.map((result) => result.replayed)).toEqual([true, true, true, true, true]);
    expect(again.results.map((result) => [result.order, result.error])).toEqual(
      results.map((result) => [result.order, result.error]),
    );
    const changed = await batch([{ ...items[0]!, order: limitBuy(2, 100.75, 'IOC') }]);
    expect(changed.results[0]).toMatchObject({ order: null, error: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await paperOrderCount()).toBe(placed);
  });

  it('sells in a batch only at or above the limit', async () => {
    await place(id('bob-hold'), { action: 'BUY', symbol: 'AAPL', quantity: 5 }, bob);
    const before = await accountState(bobAccountId);
    const sell = (limitPrice: number): MarketOrderInput => ({
      action: 'SELL',
      symbol: 'AAPL',
      quantity: 2,
      limitPrice,
      timeInForce: 'IOC',
    });
    const { results } = await batch([item(bob, id('s-miss'), sell(100.01)), item(bob, id('s-fill'), sell(100))]);
    expect(results.map((result) => result.order?.state)).toEqual(['CANCELED', 'FILLED']);
    expect(await accountState(bobAccountId)).toEqual({ cash: before.cash + 200, held: before.held - 2 });
  });
});

describe('market quotes (system call)', () => {
  const quotes = (symbols: string[], userIds?: string[]) =>
    ctx.app.get(AccountsController).market({ requestId: `trace-${randomUUID()}`, payload: { symbols, userIds } });

  it("quotes the paper feed's prices, options included, without any user", async () => {
    await feed.setPrice('MSFT', new Decimal(412.5));
    const option = 'SPY   300118C00600000';
    const reply = await quotes(['aapl', 'MSFT', option]);
    expect(reply.quotes).toEqual([
      { symbol: 'AAPL', price: 100, bid: 100, ask: 100 },
      { symbol: 'MSFT', price: 412.5, bid: 412.5, ask: 412.5 },
      { symbol: option, price: expect.any(Number), bid: expect.any(Number), ask: expect.any(Number) },
    ]);
    expect(Date.parse(reply.quotedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a symbol that is neither a ticker nor an OCC symbol (400)', async () => {
    await expect(quotes(['AAPL', 'not a symbol'])).rejects.toMatchObject({ status: 400 });
  });
});
