import { randomUUID } from 'node:crypto';
import type { PlaceOrderRpcReply } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { OrderReconciler } from '../../src/modules/orders/order-reconciler.service';
import { PaperBrokerProvider } from '../../src/modules/paper/paper-broker.provider';
import { PaperMarketClock } from '../../src/modules/paper/paper-market-clock';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';

let ctx: BrokerageTestApp;
let orders: OrdersController;
const userId = randomUUID();
let accountId: string;

const place = (requestId: string, order: Record<string, unknown>, user = userId) =>
  orders.place({
    requestId: 'rpc',
    actor: actorOf(user),
    payload: {
      userId: user,
      accountId,
      requestId,
      order: { action: 'BUY', symbol: 'AAPL', quantity: 1, ...order } as never,
    },
  });
const settle = (promise: Promise<PlaceOrderRpcReply>) =>
  promise.then(
    (reply) => ({ ok: reply }),
    (error: { status: number; code: string }) => ({ error }),
  );
const paperOrderCount = async () =>
  (
    await ctx.dataSource.query(`SELECT count(*)::int AS n FROM brokerage.paper_orders WHERE account_id = $1`, [
      accountId,
    ])
  )[0].n as number;

beforeAll(async () => {
  ctx = await startBrokerageApp('brokerage_orders');
  orders = ctx.app.get(OrdersController);
  accountId = (await connectPaperUser(ctx.app, userId)).accountIds[0]!;
  await ctx.app.get(PaperPriceFeed).setPrice('AAPL', new Decimal(100));
}, 60_000);

afterAll(() => ctx?.close());

it('fifty concurrent requests with one request id place exactly one order', async () => {
  const requestId = `concurrent-${randomUUID()}`;
  const outcomes = await Promise.all(Array.from({ length: 50 }, () => settle(place(requestId, { quantity: 3 }))));
  expect(await paperOrderCount()).toBe(1);
  const intents = await ctx.dataSource.query(
    `SELECT state, provider_order_id FROM brokerage.order_intents WHERE request_id = $1`,
    [requestId],
  );
  expect(intents).toEqual([{ state: 'FILLED', provider_order_id: expect.any(String) }]);
  const successes = outcomes.flatMap((outcome) => ('ok' in outcome ? [outcome.ok] : []));
  const refusals = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
  expect(successes.filter((reply) => !reply.replayed)).toHaveLength(1);
  expect(new Set(successes.map((reply) => reply.order.brokerageOrderId))).toEqual(
    new Set([intents[0].provider_order_id]),
  );
  expect(refusals.every((error) => error.status === 409 && error.code === 'ORDER_IN_FLIGHT')).toBe(true);
});

it('a repeated request id returns the first result; with another body it is refused (422); no second order', async () => {
  const requestId = `repeat-${randomUUID()}`;
  const first = await place(requestId, { quantity: 2 });
  expect(first).toMatchObject({ replayed: false, order: { state: 'FILLED', quantity: 2, executionPrice: 100 } });
  const before = await paperOrderCount();
  await expect(place(requestId, { quantity: 2 })).resolves.toEqual({ replayed: true, order: first.order });
  await expect(place(requestId, { quantity: 5 })).rejects.toMatchObject({
    status: 422,
    code: 'IDEMPOTENCY_KEY_REUSED',
  });
  expect(await paperOrderCount()).toBe(before);
});

it('a refusal is stored and replayed: closed market (422) stays refused for that id, and nothing is placed', async () => {
  const clock = ctx.app.get(PaperMarketClock);
  await clock.setOverride(false);
  const before = await paperOrderCount();
  const requestId = `closed-${randomUUID()}`;
  try {
    await expect(place(requestId, {})).rejects.toMatchObject({
      status: 422,
      code: 'MARKET_CLOSED',
      details: { isMarketHoursRestriction: true },
    });
  } finally {
    await clock.setOverride(null);
  }
  await expect(place(requestId, {})).rejects.toMatchObject({ status: 422, code: 'MARKET_CLOSED' });
  expect(await paperOrderCount()).toBe(before);
});

it('refuses bad orders before any intent: options without strike or expiry, a missing request id, too little buying power', async () => {
  await expect(
    place(`opt-${randomUUID()}`, { isOptions: true, optionType: 'call', expirationDate: '2099-01-15' }),
  ).rejects.toMatchObject({ status: 400, code: 'INVALID_OPTIONS_DATA' });
  await expect(
    place(`opt-${randomUUID()}`, { isOptions: true, optionType: 'put', strikePrice: 100 }),
  ).rejects.toMatchObject({ status: 400, code: 'INVALID_OPTIONS_DATA' });
  await expect(place('short', {})).rejects.toMatchObject({ status: 400, code: 'REQUEST_ID_REQUIRED' });
  await expect(place(`rich-${randomUUID()}`, { quantity: 10_000 })).rejects.toMatchObject({
    status: 422,
    code: 'INSUFFICIENT_BUYING_POWER',
  });
  await expect(place(`sell-${randomUUID()}`, { action: 'SELL', symbol: 'MSFT' })).rejects.toMatchObject({
    status: 422,
    code: 'INSUFFICIENT_POSITION',
  });
  const rows = await ctx.dataSource.query(
    `SELECT count(*)::int AS n FROM brokerage.order_intents WHERE request_id LIKE 'opt-%' OR request_id = 'short'`,
  );
  expect(rows[0].n).toBe(0);
});

it("refuses another user's id (403) and another user's account (403); an unknown account is 404", async () => {
  const other = randomUUID();
  await expect(
    orders.place({
      requestId: 'rpc',
      actor: actorOf(other),
      payload: {
        userId,
        accountId,
        requestId: `x-${randomUUID()}`,
        order: { action: 'BUY', symbol: 'AAPL', quantity: 1 },
      },
    }),
  ).rejects.toMatchObject({ status: 403 });
  await connectPaperUser(ctx.app, other);
  await expect(place(`y-${randomUUID()}`, {}, other)).rejects.toMatchObject({ status: 403 });
  await expect(
    orders.place({
      requestId: 'rpc',
      actor: actorOf(userId),
      payload: {
        userId,
        accountId: randomUUID(),
        requestId: `z-${randomUUID()}`,
        order: { action: 'BUY', symbol: 'AAPL', quantity: 1 },
      },
    }),
  ).rejects.toMatchObject({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
});

it('reconciliation settles an intent lost in flight from the order found at the provider, without placing it again', async () => {
  const provider = ctx.app.get(PaperBrokerProvider);
  const { credentials } = await ctx.app.get(ProviderUsers).require(userId);
  // A crash after the provider accepted the order, before the answer was stored.
  const clientOrderId = randomUUID();
  const [intent] = await ctx.dataSource.query(
    `INSERT INTO brokerage.order_intents (user_id, request_id, fingerprint, account_id, provider, client_order_id, action, symbol, quantity, "order", state, updated_at)
     VALUES ($1, $2, 'f', $3, 'paper', $4, 'BUY', 'AAPL', 1, '{"option":null}', 'SUBMITTING', now() - interval '5 minutes') RETURNING id`,
    [userId, `lost-${randomUUID()}`, accountId, clientOrderId],
  );
  const placed = await provider.placeMarketOrder(credentials, {
    accountId,
    clientOrderId,
    order: { action: 'BUY', symbol: 'AAPL', underlying: 'AAPL', quantity: '1', option: null },
  });
  // The provider executed it well before the reconciler finds it: the intent keeps the provider's time, not now.
  await ctx.dataSource.query(
    `UPDATE brokerage.paper_orders SET updated_at = date_trunc('milliseconds', now()) - interval '40 seconds'
      WHERE id = $1`,
    [placed.brokerageOrderId],
  );
  const [{ executedAt }] = await ctx.dataSource.query(
    `SELECT updated_at AS "executedAt" FROM brokerage.paper_orders WHERE id = $1`,
    [placed.brokerageOrderId],
  );
  const before = await paperOrderCount();
  await ctx.app.get(OrderReconciler).sweep();
  const [row] = await ctx.dataSource.query(
    `SELECT state, provider_order_id, executed_at FROM brokerage.order_intents WHERE id = $1`,
    [intent.id],
  );
  expect(row).toEqual({ state: 'FILLED', provider_order_id: placed.brokerageOrderId, executed_at: executedAt });
  expect(await paperOrderCount()).toBe(before);
  // Both changes reach the services that build on fills, in order.
  const events = await ctx.dataSource.query(
    `SELECT aggregate_version::int AS aggregate_version, envelope->>'type' AS type, envelope->'data'->>'state' AS state
       FROM brokerage.outbox WHERE aggregate_id = $1 ORDER BY aggregate_version`,
    [`order-intent:${intent.id}`],
  );
  // The change that filled it also says so once (OrderFilled, same aggregate, next version).
  expect(events).toEqual([
    { aggregate_version: 1, type: 'OrderUpdated', state: 'UNKNOWN' },
    { aggregate_version: 2, type: 'OrderUpdated', state: 'FILLED' },
    { aggregate_version: 3, type: 'OrderFilled', state: null },
  ]);
  // Each fill report carries the provider's execution time.
  const filledAts = await ctx.dataSource.query(
    `SELECT envelope->'data'->>'filledAt' AS "filledAt" FROM brokerage.outbox
      WHERE aggregate_id = $1 AND aggregate_version > 1 ORDER BY aggregate_version`,
    [`order-intent:${intent.id}`],
  );
  expect(filledAts).toEqual([{ filledAt: executedAt.toISOString() }, { filledAt: executedAt.toISOString() }]);
});
