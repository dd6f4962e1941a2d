import { randomUUID } from 'node:crypto';
import { batchOf, type MarketOrderInput, type PlacedOrderView } from '@copytrade/contracts';
import { AccountsController } from '../../src/modules/accounts/accounts.controller';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { actorOf } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

let ctx: SnaptradeTestApp;
let orders: OrdersController;
const trader = randomUUID();
const unlinked = randomUUID(); // registered with SnapTrade, no brokerage connected
const stranger = randomUUID(); // never registered
let accountIds: string[];

const id = (label: string) => `${label}-${randomUUID()}`;
const limitBuy = (quantity: number, limitPrice: number, timeInForce: 'IOC' | 'FOK'): MarketOrderInput => ({
  action: 'BUY',
  symbol: 'AAPL',
  quantity,
  limitPrice,
  timeInForce,
});
const place = (requestId: string, order: MarketOrderInput) =>
  orders.place({ requestId: 'rpc', actor: actorOf(trader), payload: { userId: trader, requestId, order } });
const cash = () => ctx.fake.state.accounts.get(accountIds[0]!)!.cash;
const quotes = (symbols: string[], userIds?: string[]) =>
  ctx.app.get(AccountsController).market({ requestId: `trace-${randomUUID()}`, payload: { symbols, userIds } });

/** Until the intent of this request id is final (a batch's orders are placed by the dispatcher, after the reply). */
async function settled(requestId: string, timeoutMs = 20_000): Promise<PlacedOrderView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { order } = await orders.get({
      requestId: 'rpc',
      actor: actorOf(trader),
      payload: { userId: trader, requestId },
    });
    if (order?.final) return order;
    if (Date.now() > deadline) throw new Error(`order ${requestId} not final: ${JSON.stringify(order)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await startSnaptradeBrokerageApp('brokerage_snaptrade_limit_orders');
  orders = ctx.app.get(OrdersController);
  ({ accountIds } = await connectSnaptradeUser(ctx, trader));
  await ctx.app
    .get(ConnectionsController)
    .registerUser({ requestId: 'register', actor: actorOf(unlinked), payload: { userId: unlinked } });
  ctx.fake.state.prices.set('AAPL', 100);
}, 60_000);
afterAll(() => ctx?.close());

describe('limit orders through the SnapTrade SDK', () => {
  it('an IOC limit buy the quote is within is sent as a Limit order and executes at the quote, not above the limit', async () => {
    const before = cash();
    const { order } = await place(id('st-fill'), limitBuy(2, 100.5, 'IOC'));
    expect(order).toMatchObject({
      state: 'FILLED',
      final: true,
      filledQuantity: 2,
      executionPrice: 100,
      limitPrice: 100.5,
      timeInForce: 'IOC',
    });
    expect(ctx.fake.state.orders.at(-1)).toMatchObject({
      id: order.brokerageOrderId,
      orderType: 'Limit',
      limitPrice: 100.5,
      timeInForce: 'IOC',
    });
    expect(cash()).toBe(before - 200);
  });

  it('a FOK limit buy below the quote comes back CANCELED and final, nothing filled, no cash moved', async () => {
    const before = cash();
    const { order } = await place(id('st-miss'), limitBuy(2, 99.5, 'FOK'));
    expect(order).toMatchObject({
      state: 'CANCELED',
      final: true,
      filledQuantity: 0,
      executionPrice: null,
      providerStatus: 'CANCELED',
      limitPrice: 99.5,
      timeInForce: 'FOK',
    });
    expect(cash()).toBe(before);
  });

  it('a batch queued for the dispatcher keeps its limit: the one within fills, the other is canceled', async () => {
    const within = id('st-batch-fill');
    const below = id('st-batch-miss');
    const { results } = await orders.placeBatch({
      requestId: `trace-${randomUUID()}`,
      payload: batchOf([
        { userId: trader, accountId: null, requestId: within, order: limitBuy(1, 101, 'IOC') },
        { userId: trader, accountId: null, requestId: below, order: limitBuy(1, 99, 'IOC') },
      ]),
    });
    expect(results.map((result) => result.order?.state)).toEqual(['SUBMITTING', 'SUBMITTING']);
    expect(await settled(within)).toMatchObject({ state: 'FILLED', executionPrice: 100, limitPrice: 101 });
    expect(await settled(below)).toMatchObject({ state: 'CANCELED', filledQuantity: 0, limitPrice: 99 });
  });
});

describe('market quotes through SnapTrade', () => {
  it('quotes through the primary account of the first given user that has one; options are left out', async () => {
    const from = ctx.fake.requests.length;
    const reply = await quotes(['AAPL', 'SPY   300118C00600000', 'msft'], [stranger, unlinked, trader]);
    expect(reply.quotes).toEqual([
      { symbol: 'AAPL', price: 100, bid: 100, ask: 100 },
      { symbol: 'MSFT', price: expect.any(Number), bid: expect.any(Number), ask: expect.any(Number) },
    ]);
    expect(Date.parse(reply.quotedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(ctx.fake.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /accounts/${accountIds[0]}/quotes`,
    ]);
  });

  it('nothing to quote is 503 QUOTE_UNAVAILABLE: only options, no user, or no user with an account', async () => {
    const from = ctx.fake.requests.length;
    const unavailable = { status: 503, code: 'QUOTE_UNAVAILABLE' };
    await expect(quotes(['SPY   300118C00600000'], [trader])).rejects.toMatchObject(unavailable);
    await expect(quotes(['AAPL'])).rejects.toMatchObject(unavailable);
    await expect(quotes(['AAPL'], [stranger, unlinked])).rejects.toMatchObject(unavailable);
    expect(ctx.fake.requests.length).toBe(from);
  });

  it('a provider failure is 503 QUOTE_UNAVAILABLE too', async () => {
    ctx.fake.injectFault({
      path: /\/quotes$/,
      status: 503,
      body: { detail: 'Brokerage busy', status_code: 503, code: '3002' },
    });
    await expect(quotes(['AAPL'], [trader])).rejects.toMatchObject({ status: 503, code: 'QUOTE_UNAVAILABLE' });
  });
});
