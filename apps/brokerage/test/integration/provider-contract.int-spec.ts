import { randomUUID } from 'node:crypto';
import { buildOccSymbol, type NormalizedMarketOrder } from '@copytrade/contracts';
import { ProviderError, type ProviderErrorKind } from '../../src/modules/provider/provider.error';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
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
