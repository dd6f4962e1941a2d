import { BROKER_REJECTIONS } from './fake-errors';
import { FakeSnaptradeServer } from './fake-snaptrade-server';
import { cashOf, connectedUser, place, sdkFor, unitsHeld, type Connected, type Sdk } from './test-support/sdk';

/** What the provider (and the brokerage behind it) refuses on POST /trade/place, through the real SDK. */
let fake: FakeSnaptradeServer;
let sdk: Sdk;
let connected: Connected;

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start();
  sdk = sdkFor(fake);
  fake.state.prices.set('AAPL', 20);
  fake.state.prices.set('MSFT', 400);
});
afterAll(() => fake.stop());
beforeEach(async () => {
  connected = await connectedUser(fake, sdk);
});

const invalid = (reason: RegExp) => ({
  detail: expect.stringMatching(new RegExp(`^Unable to verify data sent: .*${reason.source}`)),
  status_code: 400,
  code: '1076',
});

describe('field validation (ManualTradeFormWithOptions)', () => {
  it.each([
    ['a limit order without a price', { order_type: 'Limit' }, /price is required/],
    ['a stop order without a stop price', { order_type: 'Stop' }, /stop is required/],
    ['a stop-limit order without a stop price', { order_type: 'StopLimit', price: 10 }, /stop is required/],
    ['0 units', { units: 0 }, /units must be a number greater than 0/],
    ['negative units', { units: -5 }, /units must be a number greater than 0/],
    ['non-numeric units', { units: 'five' }, /units must be a number greater than 0/],
    ['both units and notional_value', { units: 1, notional_value: 100 }, /Exactly one of units and notional_value/],
    ['neither units nor notional_value', { units: null }, /Exactly one of units and notional_value/],
    ['a notional limit order', { units: null, notional_value: 100, order_type: 'Limit', price: 10 }, /only supported/],
    ['a notional GTC order', { units: null, notional_value: 100, time_in_force: 'GTC' }, /only supported/],
    ['an unknown ticker', { symbol: 'ZZZZZ' }, /Symbol "ZZZZZ" could not be found/],
    ['no symbol at all', { symbol: null }, /Exactly one of symbol and universal_symbol_id/],
    ['both symbol and universal_symbol_id', { universal_symbol_id: 'x' }, /Exactly one of symbol/],
    ['an unknown action', { action: 'HOLD' }, /not a valid choice for action/],
    ['a GTD order without an expiry date', { order_type: 'Limit', price: 10, time_in_force: 'GTD' }, /GTD requires/],
  ])('refuses %s with 400 1076, placing nothing and moving no cash', async (_name, fields, reason) => {
    const before = await cashOf(sdk, connected);
    const { status, data } = await place(sdk, connected, fields);
    expect({ status, data }).toEqual({ status: 400, data: invalid(reason) });
    expect(fake.placedOrderCount(connected.accountIds[0])).toBe(0);
    expect(await cashOf(sdk, connected)).toEqual(before);
  });

  it('answers malformed JSON with 400, not a server error', async () => {
    const response = await fetch(`${fake.url}/trade/place`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"account_id":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalid(/JSON parse error/));
  });

  it('accepts a limit order with its price, and an order by universal_symbol_id, reporting them as sent', async () => {
    const limit = await place(sdk, connected, { order_type: 'Limit', price: 19.5, time_in_force: 'GTC' });
    expect(limit.data).toMatchObject({
      order_type: 'Limit',
      time_in_force: 'GTC',
      limit_price: '19.5',
      stop_price: null,
    });
    const { data: quotes } = await sdk.trading.getUserAccountQuotes({
      ...connected.user,
      accountId: connected.accountIds[0]!,
      symbols: 'AAPL',
    });
    const byId = await place(sdk, connected, { symbol: null, universal_symbol_id: quotes[0]!.symbol!.id });
    expect(byId.data.universal_symbol).toMatchObject({ symbol: 'AAPL' });
  });

  it('fills a notional order as units at the price; cash and positions stay numbers', async () => {
    const before = await cashOf(sdk, connected);
    const { status, data } = await place(sdk, connected, { units: null, notional_value: 50, symbol: 'MSFT' });
    expect(status).toBe(200);
    expect(data).toMatchObject({ status: 'EXECUTED', total_quantity: '0.125', filled_quantity: '0.125' });
    const after = await cashOf(sdk, connected);
    expect(after.cash).toBe(before.cash - 50);
    expect(Number.isFinite(after.buyingPower)).toBe(true);
    expect(await unitsHeld(sdk, connected, 'MSFT')).toBe(0.125);
  });
});

describe("the brokerage's own refusals (its text relayed in detail)", () => {
  const refused = (text: string) => ({ status: 400, data: { detail: text, status_code: 400, code: '1076' } });
  const outcome = async (fields: Record<string, unknown>) => {
    const { status, data } = await place(sdk, connected, fields);
    return { status, data };
  };

  it('refuses a buy beyond buying power, counting what open buy orders hold back', async () => {
    expect(await outcome({ symbol: 'MSFT', units: 1_000 })).toEqual(refused(BROKER_REJECTIONS.buyingPower));
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'stay-pending' });
    expect((await outcome({ symbol: 'MSFT', units: 100 })).status).toBe(200);
    expect(await outcome({ symbol: 'MSFT', units: 30 })).toEqual(refused(BROKER_REJECTIONS.buyingPower));
    expect(fake.placedOrderCount(connected.accountIds[0])).toBe(1);
  });

  it('refuses a sell beyond the units held, counting what open sell orders hold back', async () => {
    expect(await outcome({ action: 'SELL', units: 1 })).toEqual(refused(BROKER_REJECTIONS.position));
    await place(sdk, connected, { units: 3 });
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'stay-pending' });
    expect((await outcome({ action: 'SELL', units: 2 })).status).toBe(200);
    expect(await outcome({ action: 'SELL', units: 2 })).toEqual(refused(BROKER_REJECTIONS.position));
  });

  it('refuses while the market is closed, and an expired option contract', async () => {
    fake.state.marketOpen = false;
    try {
      expect(await outcome({})).toEqual(refused(BROKER_REJECTIONS.marketClosed));
    } finally {
      fake.state.marketOpen = true;
    }
    expect(await outcome({ action: 'BUY_TO_OPEN', symbol: 'SPY   200117C00600000' })).toEqual(
      refused(BROKER_REJECTIONS.expiredOption),
    );
  });
});

describe('trade pace: one trade per second per account', () => {
  afterEach(() => fake.setTradesPerSecondPerAccount(undefined));

  it('answers a second trade on one account within a second with 429 0000; other accounts are not affected', async () => {
    const [first, second] = connected.accountIds as [string, string];
    fake.setTradesPerSecondPerAccount(1);
    expect((await place(sdk, connected, {}, first)).status).toBe(200);
    const again = await place(sdk, connected, {}, first);
    expect({ status: again.status, data: again.data }).toEqual({
      status: 429,
      data: { detail: 'Request was throttled. Expected available in 1 seconds.', status_code: 429, code: '0000' },
    });
    expect((await place(sdk, connected, {}, second)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await place(sdk, connected, {}, first)).status).toBe(200);
    expect(fake.placedOrderCount(first)).toBe(2);
  });
});
