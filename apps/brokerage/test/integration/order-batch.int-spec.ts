import { randomUUID } from 'node:crypto';
import {
  batchOf,
  normalizeMarketOrder,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchRpcReply,
} from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { orderFingerprint } from '../../src/modules/orders/order-fingerprint';
import { OrderIntentsStore } from '../../src/modules/orders/order-intents.store';
import { OrderReconciler } from '../../src/modules/orders/order-reconciler.service';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { PaperMarketClock } from '../../src/modules/paper/paper-market-clock';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';

let ctx: BrokerageTestApp;
let orders: OrdersController;
const alice = randomUUID();
const bob = randomUUID();
const stranger = randomUUID(); // never registered with the provider
let aliceAccounts: string[];
let bobAccounts: string[];

const batch = (items: PlaceOrderBatchOrder[]): Promise<PlaceOrderBatchRpcReply> =>
  orders.placeBatch({ requestId: `trace-${randomUUID()}`, payload: batchOf(items) });
const buy = (userId: string, requestId: string, quantity = 1, accountId: string | null = null, symbol = 'AAPL') => ({
  userId,
  accountId,
  requestId,
  order: { action: 'BUY', symbol, quantity },
});
const paperOrders = async (accountIds: string[]) =>
  (
    await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM brokerage.paper_orders WHERE account_id = ANY($1::uuid[])`,
      [accountIds],
    )
  )[0].n as number;
const eventsOf = async (intentId: string) =>
  (
    await ctx.dataSource.query(
      `SELECT envelope->>'type' AS type, (envelope->>'aggregateVersion')::int AS version, envelope->'data' AS data
         FROM brokerage.outbox WHERE aggregate_id = $1 ORDER BY aggregate_version`,
      [`order-intent:${intentId}`],
    )
  ).map((row: { type: string; version: number; data: Record<string, unknown> }) => row);
const intentIdOf = async (userId: string, requestId: string) =>
  (
    await ctx.dataSource.query(`SELECT id FROM brokerage.order_intents WHERE user_id = $1 AND request_id = $2`, [
      userId,
      requestId,
    ])
  )[0]?.id as string | undefined;

beforeAll(async () => {
  ctx = await startBrokerageApp('brokerage_order_batch');
  orders = ctx.app.get(OrdersController);
  aliceAccounts = (await connectPaperUser(ctx.app, alice)).accountIds;
  bobAccounts = (await connectPaperUser(ctx.app, bob)).accountIds;
  const feed = ctx.app.get(PaperPriceFeed);
  await feed.setPrice('AAPL', new Decimal(100));
  await feed.setPrice('MSFT', new Decimal(400));
}, 60_000);

afterAll(() => ctx?.close());

it('places a mixed batch with one result per order, in order, each checked as the single path checks it', async () => {
  const id = () => `batch-${randomUUID()}`;
  const items = [
    buy(alice, id(), 2), // primary account
    buy(alice, id(), 1, aliceAccounts[1]!, 'MSFT'), // explicit second account
    buy(bob, id(), 3),
    buy(bob, id(), 1, aliceAccounts[0]!), // someone else's account
    buy(stranger, id(), 1), // not connected
    buy(alice, 'short', 1), // request id too short
    { ...buy(alice, id()), order: { action: 'BUY', symbol: 'AAPL', quantity: 1.5, isOptions: true } }, // bad options data
    buy(bob, id(), 100_000), // far beyond buying power
  ];
  const before = await paperOrders([...aliceAccounts, ...bobAccounts]);
  const { results } = await batch(items);

  expect(results.map((result) => result.requestId)).toEqual(items.map((item) => item.requestId));
  expect(results[0]).toMatchObject({
    userId: alice,
    accountId: aliceAccounts[0],
    replayed: false,
    error: null,
    order: { state: 'FILLED', quantity: 2, executionPrice: 100, final: true, accountId: aliceAccounts[0] },
  });
  expect(results[1]).toMatchObject({
    accountId: aliceAccounts[1],
    order: { state: 'FILLED', symbol: 'MSFT', executionPrice: 400 },
  });
  expect(results[2]).toMatchObject({ accountId: bobAccounts[0], order: { state: 'FILLED', quantity: 3 } });
  expect(results[3]).toMatchObject({ order: null, error: { status: 403 } });
  expect(results[4]).toMatchObject({
    order: null,
    accountId: null,
    error: { status: 409, code: 'PROVIDER_USER_NOT_REGISTERED' },
  });
  expect(results[5]).toMatchObject({ order: null, error: { status: 400, code: 'REQUEST_ID_REQUIRED' } });
  expect(results[6]).toMatchObject({ order: null, error: { status: 400 } });
  expect(results[7]).toMatchObject({
    order: null,
    accountId: bobAccounts[0],
    error: { status: 422, code: 'INSUFFICIENT_BUYING_POWER' },
  });
  expect(await paperOrders([...aliceAccounts, ...bobAccounts])).toBe(before + 3);

  // Each placed order published its update and its fill; the refused one its rejection. Checks before the claim store nothing.
  const filledEvents = await eventsOf((await intentIdOf(alice, items[0]!.requestId))!);
  expect(filledEvents.map((event) => [event.type, event.version])).toEqual([
    ['OrderUpdated', 1],
    ['OrderFilled', 2],
  ]);
  expect(filledEvents[1]!.data).toMatchObject({ userId: alice, filledQuantity: '2', averagePrice: '100' });
  // The fill time everywhere is the paper broker's own record of the execution.
  const [{ executedAt }] = await ctx.dataSource.query(
    `SELECT updated_at AS "executedAt" FROM brokerage.paper_orders WHERE id = $1`,
    [results[0]!.order!.brokerageOrderId],
  );
  expect(results[0]!.order!.filledAt).toBe(executedAt.toISOString());
  expect(filledEvents.map((event) => event.data.filledAt)).toEqual([
    executedAt.toISOString(),
    executedAt.toISOString(),
  ]);
  const rejected = await eventsOf((await intentIdOf(bob, items[7]!.requestId))!);
  expect(rejected.map((event) => [event.type, event.data.state])).toEqual([['OrderUpdated', 'REJECTED']]);
  expect(await intentIdOf(bob, items[3]!.requestId)).toBeUndefined();
  expect(await intentIdOf(stranger, items[4]!.requestId)).toBeUndefined();
});

it('moves cash and positions for several orders of one account in one batch', async () => {
  const [account] = await ctx.dataSource.query(`SELECT cash FROM brokerage.paper_accounts WHERE id = $1`, [
    bobAccounts[1],
  ]);
  const { results } = await batch([
    buy(bob, `pos-${randomUUID()}`, 10, bobAccounts[1]!, 'MSFT'),
    buy(bob, `pos-${randomUUID()}`, 5, bobAccounts[1]!, 'MSFT'),
    {
      ...buy(bob, `pos-${randomUUID()}`, 15, bobAccounts[1]!, 'MSFT'),
      order: { action: 'SELL', symbol: 'MSFT', quantity: 15 },
    },
    {
      ...buy(bob, `pos-${randomUUID()}`, 1, bobAccounts[1]!, 'MSFT'),
      order: { action: 'SELL', symbol: 'MSFT', quantity: 1 },
    },
  ]);
  expect(results.map((result) => result.order?.state ?? result.error?.code)).toEqual([
    'FILLED',
    'FILLED',
    'FILLED',
    'INSUFFICIENT_POSITION',
  ]);
  const [after] = await ctx.dataSource.query(`SELECT cash FROM brokerage.paper_accounts WHERE id = $1`, [
    bobAccounts[1],
  ]);
  expect(new Decimal(after.cash).eq(account.cash)).toBe(true); // bought 15 and sold 15 at the same price
  const positions = await ctx.dataSource.query(
    `SELECT * FROM brokerage.paper_positions WHERE account_id = $1 AND symbol = 'MSFT'`,
    [bobAccounts[1]],
  );
  expect(positions).toEqual([]);
});

it('a batch sent again answers with the first orders (replayed) and places nothing new', async () => {
  const items = [
    buy(alice, `again-${randomUUID()}`, 1),
    buy(bob, `again-${randomUUID()}`, 2),
    buy(bob, `again-${randomUUID()}`, 1e6),
  ];
  const first = await batch(items);
  const count = await paperOrders([...aliceAccounts, ...bobAccounts]);
  const second = await batch(items);
  expect(await paperOrders([...aliceAccounts, ...bobAccounts])).toBe(count);
  expect(second.results).toEqual(first.results.map((result) => ({ ...result, replayed: true })));
  expect(second.results[2]!.error).toMatchObject({ code: 'INSUFFICIENT_BUYING_POWER' });
  // The same id with another order is refused, per order.
  const changed = await batch([{ ...items[0]!, order: { action: 'BUY', symbol: 'AAPL', quantity: 7 } }]);
  expect(changed.results[0]).toMatchObject({ order: null, error: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' } });
});

it('a request id twice in one batch is one order', async () => {
  const item = buy(alice, `twice-${randomUUID()}`, 1);
  const count = await paperOrders(aliceAccounts);
  const { results } = await batch([item, item]);
  expect(await paperOrders(aliceAccounts)).toBe(count + 1);
  expect(results[1]).toEqual({ ...results[0], replayed: true });
  expect(results[0]!.order!.state).toBe('FILLED');
});

it('concurrent identical batches place one order per request id', async () => {
  const users = [alice, bob];
  const items = Array.from({ length: 40 }, (_, index) => buy(users[index % 2]!, `race-${randomUUID()}`, 1));
  const count = await paperOrders([...aliceAccounts, ...bobAccounts]);
  const replies = await Promise.all(Array.from({ length: 6 }, () => batch(items)));
  expect(await paperOrders([...aliceAccounts, ...bobAccounts])).toBe(count + 40);
  const intents = await ctx.dataSource.query(
    `SELECT request_id, state, provider_order_id FROM brokerage.order_intents WHERE request_id = ANY($1)`,
    [items.map((item) => item.requestId)],
  );
  expect(intents).toHaveLength(40);
  expect(intents.every((intent: { state: string }) => intent.state === 'FILLED')).toBe(true);
  items.forEach((_, index) => {
    const placed = replies.filter((reply) => !reply.results[index]!.replayed);
    expect(placed).toHaveLength(1);
    const ids = replies.map((reply) => reply.results[index]!.order?.brokerageOrderId).filter(Boolean);
    expect(new Set(ids).size).toBeLessThanOrEqual(1);
  });
});

it('a closed market refuses every order of the batch, stored and replayed as the same refusal', async () => {
  const clock = ctx.app.get(PaperMarketClock);
  await clock.setOverride(false);
  try {
    const items = [buy(alice, `closed-${randomUUID()}`), buy(bob, `closed-${randomUUID()}`)];
    const { results } = await batch(items);
    expect(results.map((result) => result.error?.code)).toEqual(['MARKET_CLOSED', 'MARKET_CLOSED']);
    await clock.setOverride(null);
    const again = await batch(items);
    expect(again.results.map((result) => [result.error?.code, result.replayed])).toEqual([
      ['MARKET_CLOSED', true],
      ['MARKET_CLOSED', true],
    ]);
  } finally {
    await clock.setOverride(null);
  }
});

it('the single path and the batch share one idempotency: an order placed alone is replayed by the batch', async () => {
  const requestId = `shared-${randomUUID()}`;
  const single = await orders.place({
    requestId: 'rpc',
    actor: { userId: alice, isAdmin: false },
    payload: { userId: alice, requestId, order: { action: 'BUY', symbol: 'AAPL', quantity: 1 } as never },
  });
  const { results } = await batch([buy(alice, requestId, 1)]);
  expect(results[0]).toMatchObject({ replayed: true, order: single.order });
});

it('a batch whose process died after the claim, before the fill, never places a second order: replayed, then settled as not placed', async () => {
  const item = buy(alice, `died-${randomUUID()}`, 1);
  // What the batch commits before filling (its claim), and nothing after: the process died there.
  await ctx.app.get(OrderIntentsStore).claimMany(
    [
      {
        userId: alice,
        requestId: item.requestId,
        fingerprint: orderFingerprint(null, normalizeMarketOrder(item.order as never, '2000-01-01') as never),
        accountId: aliceAccounts[0]!,
        provider: 'paper',
        order: { action: 'BUY', symbol: 'AAPL', underlying: 'AAPL', quantity: '1', option: null },
      },
    ],
    false,
  );
  const count = await paperOrders(aliceAccounts);
  const retried = await batch([item]);
  expect(retried.results[0]).toMatchObject({ replayed: true, order: { state: 'SUBMITTING' } });
  expect(await paperOrders(aliceAccounts)).toBe(count);

  await ctx.dataSource.query(
    `UPDATE brokerage.order_intents SET updated_at = now() - interval '1 hour' WHERE user_id = $1 AND request_id = $2`,
    [alice, item.requestId],
  );
  await ctx.app.get(OrderReconciler).sweep();
  const settled = await batch([item]);
  expect(settled.results[0]).toMatchObject({ replayed: true, order: null, error: { code: 'ORDER_NOT_PLACED' } });
  expect(await paperOrders(aliceAccounts)).toBe(count);
  const events = await eventsOf((await intentIdOf(alice, item.requestId))!);
  expect(events.map((event) => [event.type, event.data.state])).toEqual([
    ['OrderUpdated', 'UNKNOWN'],
    ['OrderUpdated', 'REJECTED'],
  ]);
});
