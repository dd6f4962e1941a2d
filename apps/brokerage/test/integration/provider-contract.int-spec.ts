import { randomUUID } from 'node:crypto';
import { buildOccSymbol, OrderUpdated, type NormalizedMarketOrder } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { PaperBrokerProvider } from '../../src/modules/paper/paper-broker.provider';
import { PaperOrderScripts, type PaperOrderScript as OrderScript } from '../../src/modules/paper/paper-order-script';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../src/modules/provider/brokerage-provider';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { FakeSnaptradeServer } from '@copytrade/testing';
import { ProviderError, type ProviderErrorKind } from '../../src/modules/provider/provider.error';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
import {
  actorOf,
  connectPaperUser,
  startRestartableBrokerageApp,
  type RestartableBrokerageApp,
} from '../support/brokerage-test-app';
import { paperHarness, snaptradeHarness, type ProviderHarness } from '../support/provider-harness';

const stock = (action: 'BUY' | 'SELL', symbol: string, quantity: number): NormalizedMarketOrder => ({
  action,
  symbol,
  underlying: symbol,
  quantity: String(quantity),
  option: null,
});
const OPTION = { underlying: 'SPY', optionType: 'CALL' as const, strikePrice: '600', expirationDate: '2030-01-18' };
const OCC = buildOccSymbol(OPTION);
const option = (
  action: 'BUY' | 'SELL',
  quantity: number,
  expirationDate = OPTION.expirationDate,
): NormalizedMarketOrder => ({
  action,
  symbol: buildOccSymbol({ ...OPTION, expirationDate }),
  underlying: 'SPY',
  quantity: String(quantity),
  option: { optionType: 'CALL', strikePrice: '600', expirationDate, multiplier: 100 },
});
const kindOf = (promise: Promise<unknown>): Promise<ProviderErrorKind | 'resolved'> =>
  promise.then(
    () => 'resolved' as const,
    (error: unknown) => (error instanceof ProviderError ? error.kind : Promise.reject(error)),
  );

/** One contract, two providers: whatever the product relies on behaves the same with the paper broker and with SnapTrade. */
describe.each([
  ['paper broker', paperHarness],
  ['SnapTrade adapter + fake server', snaptradeHarness],
])('brokerage provider contract: %s', (_name, createHarness) => {
  let harness: ProviderHarness;
  let user: ProviderUserCredentials;
  let accountId: string;

  beforeAll(async () => {
    harness = await createHarness();
    await harness.setMarketOpen(true);
  }, 60_000);
  afterAll(() => harness?.close());

  const connectedUser = async () => {
    const credentials = await harness.provider.registerUser(randomUUID());
    const url = await harness.provider.connectionPortalUrl(credentials, {
      broker: 'WEBULL',
      connectionType: 'trade',
      customRedirect: 'http://localhost:3000/dashboard',
    });
    await harness.completePortal(credentials, url);
    const [account] = await harness.provider.listAccounts(credentials);
    return { credentials, accountId: account!.id };
  };

  beforeEach(async () => {
    ({ credentials: user, accountId } = await connectedUser());
  });

  it('registers a user once: the same id again is refused, and the user is listed', async () => {
    expect(user.userSecret.length).toBeGreaterThan(10);
    expect(await harness.provider.listUsers()).toContain(user.userId);
    expect(await kindOf(harness.provider.registerUser(user.userId))).toBe('USER_ALREADY_EXISTS');
  });

  it('connects through the portal: one trade connection to the available brokerage, its accounts funded', async () => {
    const connections = await harness.provider.listConnections(user);
    expect(connections).toEqual([
      expect.objectContaining({
        type: 'trade',
        disabled: false,
        brokerage: expect.objectContaining({ slug: 'WEBULL', name: 'Webull' }),
      }),
    ]);
    const accounts = await harness.provider.listAccounts(user);
    expect(accounts.length).toBeGreaterThanOrEqual(1);
    expect(
      accounts.every((account) => account.connectionId === connections[0]!.id && account.totalValue !== null),
    ).toBe(true);
    const balance = await harness.provider.getBalance(user, accountId);
    expect(Number(balance.cash)).toBeGreaterThan(10_000);
    expect(Number(balance.buyingPower)).toBe(Number(balance.cash));
    expect(Number(balance.totalValue)).toBe(Number(balance.cash));
  });

  it('buys and sells a stock at market, at the market price; positions, balances and orders follow', async () => {
    await harness.setPrice('AAPL', 50);
    const cashBefore = Number((await harness.provider.getBalance(user, accountId)).cash);
    const bought = await harness.provider.placeMarketOrder(user, {
      accountId,
      clientOrderId: randomUUID(),
      order: stock('BUY', 'AAPL', 4),
    });
    expect(bought).toMatchObject({ status: 'EXECUTED', symbol: 'AAPL', action: 'BUY', option: null });
    expect(Number(bought.executionPrice)).toBe(50);
    await harness.provider.placeMarketOrder(user, {
      accountId,
      clientOrderId: randomUUID(),
      order: stock('SELL', 'AAPL', 1),
    });
    const [position] = await harness.provider.listPositions(user, accountId);
    expect(position).toMatchObject({ symbol: 'AAPL', option: null, currency: 'USD' });
    expect([Number(position!.units), Number(position!.price), Number(position!.averageCost)]).toEqual([3, 50, 50]);
    expect(Number((await harness.provider.getBalance(user, accountId)).cash)).toBe(cashBefore - 150);
    const orders = await harness.provider.listOrders(user, accountId);
    expect(orders.map((order) => order.action).sort()).toEqual(['BUY', 'SELL']);
    expect((await harness.provider.listRecentOrders(user, accountId)).map((order) => order.brokerageOrderId)).toContain(
      bought.brokerageOrderId,
    );
  });

  it('buys and sells an option by OCC symbol with its contract multiplier', async () => {
    await harness.setPrice(OCC, 2.5);
    const cashBefore = Number((await harness.provider.getBalance(user, accountId)).cash);
    const bought = await harness.provider.placeMarketOrder(user, {
      accountId,
      clientOrderId: randomUUID(),
      order: option('BUY', 2),
    });
    expect(bought.option).toMatchObject({ optionType: 'CALL', expirationDate: '2030-01-18', underlying: 'SPY' });
    expect(bought.action.startsWith('BUY')).toBe(true);
    expect(Number((await harness.provider.getBalance(user, accountId)).cash)).toBe(cashBefore - 500);
    const [position] = await harness.provider.listPositions(user, accountId);
    expect(position).toMatchObject({
      symbol: OCC,
      option: { optionType: 'CALL', expirationDate: '2030-01-18', multiplier: 100, underlying: 'SPY' },
    });
    expect([Number(position!.units), Number(position!.option!.strikePrice), Number(position!.averageCost)]).toEqual([
      2, 600, 2.5,
    ]);
    await harness.provider.placeMarketOrder(user, { accountId, clientOrderId: randomUUID(), order: option('SELL', 2) });
    expect(await harness.provider.listPositions(user, accountId)).toEqual([]);
  });

  it('refuses what the brokerage refuses, in the product terms', async () => {
    const place = (order: NormalizedMarketOrder, account = accountId, credentials = user) =>
      kindOf(
        harness.provider.placeMarketOrder(credentials, { accountId: account, clientOrderId: randomUUID(), order }),
      );
    await harness.setPrice('MSFT', 400);
    expect(await place(stock('BUY', 'MSFT', 1_000))).toBe('INSUFFICIENT_BUYING_POWER');
    expect(await place(stock('SELL', 'MSFT', 1))).toBe('INSUFFICIENT_POSITION');
    expect(await place(option('BUY', 1, '2020-01-17'))).toBe('INVALID_OPTIONS_DATA');
    expect(await place(stock('BUY', 'MSFT', 1), randomUUID())).toBe('ACCOUNT_NOT_FOUND');
    expect(await place(stock('BUY', 'MSFT', 1), accountId, { ...user, userSecret: 'stale-secret' })).toBe(
      'INVALID_USER_CREDENTIALS',
    );
    await harness.setMarketOpen(false);
    try {
      expect(await place(stock('BUY', 'MSFT', 1))).toBe('MARKET_CLOSED');
    } finally {
      await harness.setMarketOpen(true);
    }
    expect(await harness.provider.listOrders(user, accountId)).toEqual([]);
  });

  it('quotes the market price', async () => {
    await harness.setPrice('NVDA', 123.45);
    const [quote] = await harness.provider.getQuotes(user, accountId, ['NVDA']);
    expect(quote!.symbol).toBe('NVDA');
    expect(Number(quote!.lastTradePrice)).toBe(123.45);
  });

  it('refreshes and removes connections, and deletes users', async () => {
    const [connection] = await harness.provider.listConnections(user);
    expect(await harness.provider.refreshConnection(user, connection!.id)).toMatch(/scheduled for refresh/);
    await harness.provider.removeConnection(user, connection!.id);
    expect(await harness.provider.listConnections(user)).toEqual([]);
    expect(await harness.provider.listAccounts(user)).toEqual([]);
    expect(await kindOf(harness.provider.removeConnection(user, connection!.id))).toBe('CONNECTION_NOT_FOUND');
    await harness.provider.deleteUser(user.userId);
    expect(await harness.provider.listUsers()).not.toContain(user.userId);
  });
});

/** Where an order is in its life, as the user and the services that build on fills see it. */
interface Seen {
  state: string;
  final: boolean;
  filledQuantity: string;
  averagePrice: string | null;
}

/** The service running one provider, with the levers a lifecycle test needs. */
interface LifecycleHarness {
  app: RestartableBrokerageApp;
  userId: string;
  accountId: string;
  /** What the next orders of the account do at the brokerage. */
  script(...scripts: OrderScript[]): void;
  /** How many orders the brokerage holds for the account: never more than the product placed. */
  placedCount(): Promise<number>;
  /** Units the account holds at the brokerage. */
  held(symbol: string): Promise<string>;
  setPrice(symbol: string, price: number): Promise<void>;
  /** The fake SnapTrade fills every part of an order at its placement price; the paper broker at the price of the moment. */
  fillsAtPlacementPrice: boolean;
  close(): Promise<void>;
}

const FAST_TRACKING = {
  ORDER_TRACK_MIN_INTERVAL_MS: '100',
  ORDER_TRACK_MAX_INTERVAL_MS: '400',
  ORDER_TRACK_SWEEP_MS: '50',
};

async function paperLifecycle(): Promise<LifecycleHarness> {
  const app = await startRestartableBrokerageApp('brokerage_lifecycle_paper', FAST_TRACKING);
  const userId = randomUUID();
  const { accountIds } = await connectPaperUser(app.current().app, userId);
  const accountId = accountIds[0]!;
  await app.current().app.get(PaperPriceFeed).setPrice('AAPL', new Decimal(100));
  const provider = () => app.current().app.get(PaperBrokerProvider);
  const credentials = async () => (await app.current().app.get(ProviderUsers).require(userId)).credentials;
  return {
    app,
    userId,
    accountId,
    script: (...scripts) =>
      app
        .current()
        .app.get(PaperOrderScripts)
        .scriptNextOrders(accountId, ...scripts),
    placedCount: async () =>
      (
        await app
          .current()
          .dataSource.query(`SELECT count(*)::int AS n FROM brokerage.paper_orders WHERE account_id = $1`, [accountId])
      )[0].n,
    held: async (symbol) =>
      (await provider().listPositions(await credentials(), accountId)).find((p) => p.symbol === symbol)?.units ?? '0',
    setPrice: (symbol, price) => app.current().app.get(PaperPriceFeed).setPrice(symbol, new Decimal(price)),
    fillsAtPlacementPrice: false,
    close: () => app.close(),
  };
}

/** The service with SnapTrade credentials, the real SDK against the fake server (live account data). */
async function snaptradeService(label: string, fake: FakeSnaptradeServer) {
  const app = await startRestartableBrokerageApp(label, {
    ...FAST_TRACKING,
    SNAPTRADE_CLIENT_ID: fake.clientId,
    SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
    SNAPTRADE_BASE_URL: fake.url,
    // The provider's pace (one trade per second per account; the fake answers 429 to a faster second one).
    SNAPTRADE_TRADE_INTERVAL_MS: '1000',
    SNAPTRADE_QUEUE_MAX_WAIT_MS: '5000',
    SNAPTRADE_ORDER_TIMEOUT_MS: '1000',
  });
  const userId = randomUUID();
  const connections = app.current().app.get(ConnectionsController);
  const call = <T>(payload: T) => ({ requestId: `trace-${randomUUID()}`, actor: actorOf(userId), payload });
  await connections.registerUser(call({ userId }));
  const { connectionUrl } = await connections.connectionPortal(call({ userId, customRedirect: '/settings' }));
  await fake.completePortal(connectionUrl);
  const accountId = (await connections.listConnections(call({ userId }))).accountIds[0]!;
  fake.state.prices.set('AAPL', 100);
  fake.state.marketOpen = true;
  return { app, userId, accountId };
}

async function snaptradeLifecycle(): Promise<LifecycleHarness> {
  const fake = await FakeSnaptradeServer.start();
  const { app, userId, accountId } = await snaptradeService('brokerage_lifecycle_snaptrade', fake);
  const provider = () => app.current().app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
  const credentials = async () => (await app.current().app.get(ProviderUsers).require(userId)).credentials;
  return {
    app,
    userId,
    accountId,
    script: (...scripts) => fake.scriptNextOrders(accountId, ...scripts),
    placedCount: async () => fake.placedOrderCount(accountId),
    held: async (symbol) =>
      (await provider().listPositions(await credentials(), accountId)).find((p) => p.symbol === symbol)?.units ?? '0',
    setPrice: async (symbol, price) => void fake.state.prices.set(symbol, price),
    fillsAtPlacementPrice: true,
    close: async () => {
      await app.close();
      await fake.stop();
    },
  };
}

describe.each([
  ['paper broker', paperLifecycle],
  ['SnapTrade adapter + fake server', snaptradeLifecycle],
])('order lifecycle through the brokerage service: %s', (_name, createHarness) => {
  let harness: LifecycleHarness;
  beforeAll(async () => {
    harness = await createHarness();
  }, 60_000);
  afterAll(() => harness?.close());

  const orders = () => harness.app.current().app.get(OrdersController);
  const place = (requestId: string, quantity: number, action: 'BUY' | 'SELL' = 'BUY') =>
    orders().place({
      requestId: `trace-${randomUUID()}`,
      actor: actorOf(harness.userId),
      payload: {
        userId: harness.userId,
        accountId: harness.accountId,
        requestId,
        order: { action, symbol: 'AAPL', quantity } as never,
      },
    });
  const answer = async (requestId: string) =>
    (
      await orders().get({
        requestId: 'trace',
        actor: actorOf(harness.userId),
        payload: { userId: harness.userId, requestId },
      })
    ).order!;
  /** What the user finally sees: the stored answer to the request id, once the brokerage is done with the order. */
  const finalAnswer = async (requestId: string) => {
    const deadline = Date.now() + 8_000;
    for (;;) {
      const order = await answer(requestId);
      if (order.final || Date.now() > deadline) return order;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** What the services building on fills receive: the order's OrderUpdated events, in version order. */
  const events = async (requestId: string): Promise<Seen[]> => {
    const rows: { envelope: { data: Seen & { requestId: string }; aggregateVersion: number } }[] = await harness.app
      .current()
      .dataSource.query(
        `SELECT o.envelope FROM brokerage.outbox o JOIN brokerage.order_intents i ON o.aggregate_id = 'order-intent:' || i.id
            WHERE i.request_id = $1 AND o.subject = $2 ORDER BY o.aggregate_version`,
        [requestId, OrderUpdated.subject],
      );
    expect(rows.map((row) => row.envelope.aggregateVersion)).toEqual(rows.map((_row, index) => index + 1));
    return rows.map(({ envelope: { data } }) => ({
      state: data.state,
      final: data.final,
      filledQuantity: data.filledQuantity,
      averagePrice: data.averagePrice,
    }));
  };
  const seen = (state: string, final: boolean, filledQuantity: string, averagePrice: string | null = null): Seen => ({
    state,
    final,
    filledQuantity,
    averagePrice,
  });

  it('a market order accepted, then filled after a delay', async () => {
    const before = await harness.placedCount();
    const heldBefore = new Decimal(await harness.held('AAPL'));
    harness.script({ kind: 'delayed-fill', afterMs: 600 });
    const requestId = randomUUID();
    const placed = await place(requestId, 10);
    expect(placed.order).toMatchObject({ state: 'SUBMITTED', final: false, filledQuantity: 0, executionPrice: null });
    const done = await finalAnswer(requestId);
    expect(done).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 10, executionPrice: 100 });
    expect(await events(requestId)).toEqual([seen('SUBMITTED', false, '0'), seen('FILLED', true, '10', '100')]);
    expect(await harness.placedCount()).toBe(before + 1);
    expect(new Decimal(await harness.held('AAPL')).minus(heldBefore).toString()).toBe('10');
  });

  it('partially filled, then filled: the average price covers both parts', async () => {
    harness.script({ kind: 'partial-then-fill', partialFraction: 0.4, partialAfterMs: 300, fillAfterMs: 1_200 });
    const requestId = randomUUID();
    const before = await harness.placedCount();
    await place(requestId, 10);
    const partial = Date.now() + 5_000;
    while ((await answer(requestId)).state !== 'PARTIALLY_FILLED' && Date.now() < partial)
      await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await answer(requestId)).toMatchObject({ state: 'PARTIALLY_FILLED', final: false, filledQuantity: 4 });
    await harness.setPrice('AAPL', 110);
    // 4 at 100 and 6 at 110, where the brokerage fills each part at the price of its moment.
    const average = harness.fillsAtPlacementPrice ? '100' : '106';
    try {
      const done = await finalAnswer(requestId);
      expect(done).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 10, executionPrice: Number(average) });
    } finally {
      await harness.setPrice('AAPL', 100);
    }
    expect(await events(requestId)).toEqual([
      seen('SUBMITTED', false, '0'),
      seen('PARTIALLY_FILLED', false, '4', '100'),
      seen('FILLED', true, '10', average),
    ]);
    expect(await harness.placedCount()).toBe(before + 1);
  });

  it('partially filled, then canceled: the caller holds the partial quantity', async () => {
    const before = await harness.placedCount();
    const heldBefore = new Decimal(await harness.held('AAPL'));
    harness.script({ kind: 'partial-then-cancel', partialFraction: 0.3, partialAfterMs: 200, cancelAfterMs: 700 });
    const requestId = randomUUID();
    await place(requestId, 10);
    const done = await finalAnswer(requestId);
    expect(done).toMatchObject({ state: 'PARTIALLY_FILLED', final: true, filledQuantity: 3, executionPrice: 100 });
    expect(done.providerStatus).toMatch(/CANCELED/);
    const seenEvents = await events(requestId);
    expect(seenEvents.at(-1)).toEqual(seen('PARTIALLY_FILLED', true, '3', '100'));
    expect(seenEvents[0]).toEqual(seen('SUBMITTED', false, '0'));
    expect(new Decimal(await harness.held('AAPL')).minus(heldBefore).toString()).toBe('3');
    expect(await harness.placedCount()).toBe(before + 1);
  });

  it('rejected after the brokerage accepted it', async () => {
    const heldBefore = await harness.held('AAPL');
    harness.script({ kind: 'reject', afterMs: 400, reason: 'Order rejected by the exchange.' });
    const requestId = randomUUID();
    expect((await place(requestId, 5)).order).toMatchObject({ state: 'SUBMITTED', final: false });
    const done = await finalAnswer(requestId);
    expect(done).toMatchObject({ state: 'REJECTED', final: true, filledQuantity: 0, executionPrice: null });
    expect(await events(requestId)).toEqual([seen('SUBMITTED', false, '0'), seen('REJECTED', true, '0')]);
    expect(await harness.held('AAPL')).toBe(heldBefore);
    // The same request id again answers the rejection and places nothing.
    const count = await harness.placedCount();
    await expect(place(requestId, 5)).rejects.toMatchObject({ code: 'ORDER_REJECTED' });
    expect(await harness.placedCount()).toBe(count);
  });

  it('an order the brokerage keeps pending is looked at less and less often, and stays pending', async () => {
    harness.script({ kind: 'stay-pending' });
    const requestId = randomUUID();
    await place(requestId, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [row] = await harness.app
      .current()
      .dataSource.query(`SELECT track_attempts, is_final FROM brokerage.order_intents WHERE request_id = $1`, [
        requestId,
      ]);
    // Every 100 ms without the back-off (about 20 looks); 100, 200, 400, 400… with it.
    expect(row.track_attempts).toBeGreaterThanOrEqual(3);
    expect(row.track_attempts).toBeLessThanOrEqual(8);
    expect(row.is_final).toBe(false);
    expect(await answer(requestId)).toMatchObject({ state: 'SUBMITTED', final: false, filledQuantity: 0 });
    expect(await events(requestId)).toEqual([seen('SUBMITTED', false, '0')]);
  });

  it('pending across a restart of the brokerage service: tracked to its end after the restart', async () => {
    const before = await harness.placedCount();
    harness.script({ kind: 'delayed-fill', afterMs: 1_500 });
    const requestId = randomUUID();
    expect((await place(requestId, 2)).order).toMatchObject({ state: 'SUBMITTED', final: false });
    await harness.app.restart();
    const done = await finalAnswer(requestId);
    expect(done).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 2 });
    expect(await events(requestId)).toEqual([seen('SUBMITTED', false, '0'), seen('FILLED', true, '2', '100')]);
    expect(await harness.placedCount()).toBe(before + 1);
  });
});

/**
 * Reconciliation with SnapTrade as it is: the order records do not carry our client order id, recentOrders is
 * one page of the latest orders and may be refused (403) or not implemented (501). An answer lost after the
 * order was placed leaves the intent UNKNOWN; asking again finds the order where it still is, never places it.
 */
describe('reconciliation against SnapTrade as it is (the real SDK against the fake server)', () => {
  const PAGE = 3;
  let fake: FakeSnaptradeServer;
  let service: Awaited<ReturnType<typeof snaptradeService>>;
  let placeByHand: (symbol: string) => Promise<void>;

  beforeAll(async () => {
    fake = await FakeSnaptradeServer.start({ recentOrdersPageSize: PAGE });
    service = await snaptradeService('brokerage_reconcile_snaptrade', fake);
    const { credentials } = await service.app.current().app.get(ProviderUsers).require(service.userId);
    const provider = service.app.current().app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
    // The user trading at the brokerage directly, outside this product.
    placeByHand = async (symbol) => {
      fake.state.prices.set(symbol, 10);
      await provider.placeMarketOrder(credentials, {
        accountId: service.accountId,
        clientOrderId: randomUUID(),
        order: stock('BUY', symbol, 1),
      });
    };
  }, 60_000);
  afterAll(async () => {
    await service?.app.close();
    await fake?.stop();
  });

  /** Places an order whose answer is lost (the provider placed it): the caller is told the outcome is unknown. */
  const placeLosingTheAnswer = async (symbol: string) => {
    fake.state.prices.set(symbol, 50);
    fake.injectFault({ path: /^\/trade\/place$/, delayMs: 1_500, afterHandling: true });
    const requestId = randomUUID();
    const payload = {
      userId: service.userId,
      accountId: service.accountId,
      requestId,
      order: { action: 'BUY', symbol, quantity: 2 } as never,
    };
    const orders = service.app.current().app.get(OrdersController);
    const first = await orders.place({ requestId: 'trace-1', actor: actorOf(service.userId), payload });
    expect(first.order).toMatchObject({ state: 'UNKNOWN', final: false });
    return { requestId, again: () => orders.place({ requestId: 'trace-2', actor: actorOf(service.userId), payload }) };
  };
  const statesOf = async (requestId: string) =>
    (
      await service.app.current().dataSource.query(
        `SELECT o.envelope->'data'->>'state' AS state FROM brokerage.outbox o JOIN brokerage.order_intents i ON o.aggregate_id = 'order-intent:' || i.id
            WHERE i.request_id = $1 AND o.subject = $2 ORDER BY o.aggregate_version`,
        [requestId, OrderUpdated.subject],
      )
    ).map((row: { state: string }) => row.state);

  it('pages: the order fell off the one page of recent orders, and the order history by time window finds it', async () => {
    const before = fake.placedOrderCount(service.accountId);
    const lost = await placeLosingTheAnswer('ORCL');
    for (const symbol of ['KO', 'PEP', 'MCD']) await placeByHand(symbol);
    expect(fake.placedOrderCount(service.accountId)).toBe(before + 1 + PAGE);
    const again = await lost.again();
    expect(again).toMatchObject({
      replayed: true,
      order: { state: 'FILLED', final: true, filledQuantity: 2, executionPrice: 50 },
    });
    expect(await statesOf(lost.requestId)).toEqual(['UNKNOWN', 'FILLED']);
    expect(fake.placedOrderCount(service.accountId)).toBe(before + 1 + PAGE);
  });

  it.each([
    ['forbidden', '403'],
    ['not-implemented', '501'],
  ] as const)('falls back to the order history when recentOrders answers %s (%s)', async (mode) => {
    const before = fake.placedOrderCount(service.accountId);
    fake.setRecentOrdersMode(mode);
    try {
      const lost = await placeLosingTheAnswer(mode === 'forbidden' ? 'DIS' : 'NKE');
      const again = await lost.again();
      expect(again.order).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 2 });
      expect(await statesOf(lost.requestId)).toEqual(['UNKNOWN', 'FILLED']);
      expect(fake.placedOrderCount(service.accountId)).toBe(before + 1);
    } finally {
      fake.setRecentOrdersMode('ok');
    }
  });

  it('with recentOrders refused and a daily-cached order history, the order stays UNKNOWN (never guessed, never placed again) until the daily sync shows it', async () => {
    const before = fake.placedOrderCount(service.accountId);
    fake.setRecentOrdersMode('forbidden');
    fake.setAccountDataMode('daily-cached');
    try {
      const lost = await placeLosingTheAnswer('SBUX');
      expect((await lost.again()).order).toMatchObject({ state: 'UNKNOWN', brokerageOrderId: null });
      fake.advanceDay();
      expect((await lost.again()).order).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 2 });
      expect(await statesOf(lost.requestId)).toEqual(['UNKNOWN', 'FILLED']);
      expect(fake.placedOrderCount(service.accountId)).toBe(before + 1);
    } finally {
      fake.setRecentOrdersMode('ok');
      fake.setAccountDataMode('live');
    }
  });

  it('an unknown order found still open is tracked on to its fill', async () => {
    fake.scriptNextOrders(service.accountId, { kind: 'delayed-fill', afterMs: 1_800 });
    const lost = await placeLosingTheAnswer('TSLA');
    expect((await lost.again()).order).toMatchObject({ state: 'SUBMITTED', final: false });
    const deadline = Date.now() + 6_000;
    let order = (await lost.again()).order;
    while (!order.final && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await lost.again()).order;
    }
    expect(order).toMatchObject({ state: 'FILLED', final: true, filledQuantity: 2 });
    expect(await statesOf(lost.requestId)).toEqual(['UNKNOWN', 'SUBMITTED', 'FILLED']);
  });
});
