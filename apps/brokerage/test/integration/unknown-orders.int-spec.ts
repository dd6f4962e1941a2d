import { randomUUID } from 'node:crypto';
import type { RpcActor } from '@copytrade/contracts';
import { brokerageOrders } from '@copytrade/nest';
import { FakeSnaptradeServer } from '@copytrade/testing';
import Decimal from 'decimal.js';
import { register } from 'prom-client';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { OrderReconciler } from '../../src/modules/orders/order-reconciler.service';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { SnaptradeProvider } from '../../src/modules/snaptrade/snaptrade.provider';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { memoryLimiter } from '../support/provider-harness';

const admin: RpcActor = { userId: randomUUID(), isAdmin: true };
const rpc = <T>(actor: RpcActor, payload: T) => ({ requestId: `trace-${randomUUID()}`, actor, payload });

/** An intent as a crash or a lost answer leaves it: UNKNOWN, created `ageMs` ago. */
async function unknownIntent(
  ctx: BrokerageTestApp,
  values: { userId: string; accountId: string; provider: string; symbol?: string; quantity?: number; ageMs?: number },
): Promise<{ id: string; requestId: string }> {
  const requestId = `unknown-${randomUUID()}`;
  const [row] = await ctx.dataSource.query(
    `INSERT INTO brokerage.order_intents (user_id, request_id, fingerprint, account_id, provider, client_order_id, action, symbol, quantity, "order", state, created_at, updated_at)
     VALUES ($1, $2, 'f', $3, $4, $5, 'BUY', $6, $7, '{"option":null}', 'UNKNOWN', now() - ($8 || ' milliseconds')::interval, now()) RETURNING id`,
    [
      values.userId,
      requestId,
      values.accountId,
      values.provider,
      randomUUID(),
      values.symbol ?? 'AAPL',
      values.quantity ?? 1,
      String(values.ageMs ?? 0),
    ],
  );
  return { id: row.id, requestId };
}
/** A metric's value as /metrics serves it. */
async function scraped(name: string): Promise<number> {
  const line = (await register.metrics())
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`));
  return Number(line?.split(' ').pop());
}
async function ordersCounted(outcome: string): Promise<number> {
  const { values } = await brokerageOrders().get();
  return values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}
const intentRow = async (ctx: BrokerageTestApp, id: string) =>
  (
    await ctx.dataSource.query(
      `SELECT state, provider_order_id, error, reconcile_note FROM brokerage.order_intents WHERE id = $1`,
      [id],
    )
  )[0];

describe('with the paper broker: its record is complete, so an unknown order is settled at once', () => {
  let ctx: BrokerageTestApp;
  const userId = randomUUID();
  let accountId: string;
  beforeAll(async () => {
    ctx = await startBrokerageApp('brokerage_unknown_paper');
    accountId = (await connectPaperUser(ctx.app, userId)).accountIds[0]!;
    await ctx.app.get(PaperPriceFeed).setPrice('AAPL', new Decimal(100));
  }, 60_000);
  afterAll(() => ctx?.close());

  it('an unknown paper order with no fill is recorded as not placed at the first reconciliation, not after a timer', async () => {
    const rejectedBefore = await ordersCounted('rejected');
    const intent = await unknownIntent(ctx, { userId, accountId, provider: 'paper' });
    // The gauge ops alert on, read from the table at scrape.
    expect(await scraped('copytrade_brokerage_unknown_orders')).toBe(1);
    await ctx.app.get(OrderReconciler).sweep();
    expect(await intentRow(ctx, intent.id)).toMatchObject({ state: 'REJECTED', error: { code: 'ORDER_NOT_PLACED' } });
    expect(await scraped('copytrade_brokerage_unknown_orders')).toBe(0);
    expect(await ordersCounted('rejected')).toBe(rejectedBefore + 1);
    await expect(
      ctx.app.get(OrdersController).get(rpc(actorOf(userId), { userId, requestId: intent.requestId })),
    ).resolves.toMatchObject({ order: { state: 'REJECTED' } });
  });
});

describe('with SnapTrade (the real SDK against the fake server)', () => {
  let ctx: BrokerageTestApp;
  let fake: FakeSnaptradeServer;
  let userId: string;
  let accountId: string;
  /** The user trading at their brokerage directly, outside this product. */
  let placeByHand: (symbol: string, quantity?: number) => Promise<string>;

  beforeAll(async () => {
    fake = await FakeSnaptradeServer.start();
    ctx = await startBrokerageApp('brokerage_unknown_snaptrade', {
      SNAPTRADE_CLIENT_ID: fake.clientId,
      SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
      SNAPTRADE_BASE_URL: fake.url,
      SNAPTRADE_TRADE_INTERVAL_MS: '20',
      SNAPTRADE_QUEUE_MAX_WAIT_MS: '5000',
      SNAPTRADE_ORDER_TIMEOUT_MS: '1000',
    });
    userId = randomUUID();
    const connections = ctx.app.get(ConnectionsController);
    await connections.registerUser(rpc(actorOf(userId), { userId }));
    const { connectionUrl } = await connections.connectionPortal(
      rpc(actorOf(userId), { userId, customRedirect: '/settings' }),
    );
    await fake.completePortal(connectionUrl);
    accountId = (await connections.listConnections(rpc(actorOf(userId), { userId }))).accountIds[0]!;
    const { credentials } = await ctx.app.get(ProviderUsers).require(userId);
    const byHand = new SnaptradeProvider({
      clientId: fake.clientId,
      consumerKey: fake.consumerKey,
      basePath: fake.url,
      limiter: memoryLimiter(),
      logger: { warn: () => undefined },
    });
    placeByHand = async (symbol, quantity = 1) =>
      (
        await byHand.placeMarketOrder(credentials, {
          accountId,
          clientOrderId: randomUUID(),
          order: { action: 'BUY', symbol, underlying: symbol, quantity: String(quantity), option: null },
        })
      ).brokerageOrderId;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  it('a lost answer leaves the order UNKNOWN, never placed twice; asking again settles it from the provider record', async () => {
    fake.injectFault({ path: /^\/trade\/place$/, delayMs: 1_500, afterHandling: true });
    const orders = ctx.app.get(OrdersController);
    const request = {
      userId,
      accountId,
      requestId: `lost-${randomUUID()}`,
      order: { action: 'BUY' as const, symbol: 'NVDA', quantity: 3 },
    };
    const first = await orders.place(rpc(actorOf(userId), request));
    expect(first.order.state).toBe('UNKNOWN');
    const again = await orders.place(rpc(actorOf(userId), request));
    expect(again).toMatchObject({ replayed: true, order: { state: 'FILLED', brokerageOrderId: expect.any(String) } });
    expect(fake.state.orders.filter((order) => order.symbol === 'NVDA')).toHaveLength(1);
  });

  it('an unknown order the provider does not show stays UNKNOWN however old: no timer declares it not placed', async () => {
    const intent = await unknownIntent(ctx, {
      userId,
      accountId,
      provider: 'snaptrade',
      symbol: 'AMD',
      ageMs: 20 * 60_000,
    });
    await ctx.app.get(OrderReconciler).sweep();
    expect(await intentRow(ctx, intent.id)).toMatchObject({
      state: 'UNKNOWN',
      error: null,
      reconcile_note: 'Not found at the provider yet',
    });
  });

  it("never claims the user's own order placed at the brokerage outside the intent's window", async () => {
    const intent = await unknownIntent(ctx, {
      userId,
      accountId,
      provider: 'snaptrade',
      symbol: 'MSFT',
      ageMs: 60 * 60_000,
    });
    await placeByHand('MSFT');
    await ctx.app.get(OrderReconciler).reconcile(intent.id);
    expect(await intentRow(ctx, intent.id)).toMatchObject({ state: 'UNKNOWN', provider_order_id: null });
  });

  it('leaves two fitting orders to a person, and an admin lists and resolves it (audited); a user cannot', async () => {
    const intent = await unknownIntent(ctx, { userId, accountId, provider: 'snaptrade', symbol: 'INTC', quantity: 2 });
    const [first] = [await placeByHand('INTC', 2), await placeByHand('INTC', 2)];
    await ctx.app.get(OrderReconciler).reconcile(intent.id);
    expect(await intentRow(ctx, intent.id)).toMatchObject({
      state: 'UNKNOWN',
      reconcile_note: expect.stringContaining('Needs a person'),
    });

    const orders = ctx.app.get(OrdersController);
    await expect(orders.listUnknownOrders(rpc(actorOf(userId), {}))).rejects.toMatchObject({ status: 403 });
    const listed = await orders.listUnknownOrders(rpc(admin, {}));
    expect(listed.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: intent.id, requestId: intent.requestId, symbol: 'INTC', state: 'UNKNOWN' }),
      ]),
    );
    const resolve = {
      intentId: intent.id,
      outcome: 'placed' as const,
      note: 'Checked at the broker',
      brokerageOrderId: first,
    };
    await expect(orders.resolve(rpc(actorOf(userId), resolve))).rejects.toMatchObject({ status: 403 });
    const { resolution } = await orders.resolve(rpc(admin, resolve));
    expect(resolution).toMatchObject({
      intentId: intent.id,
      outcome: 'placed',
      state: 'FILLED',
      resolvedBy: admin.userId,
    });
    expect(await intentRow(ctx, intent.id)).toMatchObject({ state: 'FILLED', provider_order_id: first });
    const audit = await ctx.dataSource.query(
      `SELECT outcome, note, previous_state, new_state, resolved_by, trace_id FROM brokerage.order_resolutions WHERE intent_id = $1`,
      [intent.id],
    );
    expect(audit).toEqual([
      {
        outcome: 'placed',
        note: 'Checked at the broker',
        previous_state: 'UNKNOWN',
        new_state: 'FILLED',
        resolved_by: admin.userId,
        trace_id: expect.stringMatching(/^trace-/),
      },
    ]);
    await expect(orders.resolve(rpc(admin, resolve))).rejects.toMatchObject({
      status: 409,
      code: 'ORDER_ALREADY_SETTLED',
    });
  });

  it('an admin resolving not_placed makes a retry of that request id answer not placed', async () => {
    const intent = await unknownIntent(ctx, { userId, accountId, provider: 'snaptrade', symbol: 'ORCL' });
    const orders = ctx.app.get(OrdersController);
    await orders.resolve(
      rpc(admin, { intentId: intent.id, outcome: 'not_placed', note: 'No such order at the broker' }),
    );
    await expect(orders.get(rpc(actorOf(userId), { userId, requestId: intent.requestId }))).resolves.toMatchObject({
      order: { state: 'REJECTED' },
    });
    expect(await intentRow(ctx, intent.id)).toMatchObject({
      state: 'REJECTED',
      error: { status: 422, code: 'ORDER_NOT_PLACED' },
    });
  });
});
