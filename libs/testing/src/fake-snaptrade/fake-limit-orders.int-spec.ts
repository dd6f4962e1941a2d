import { FakeSnaptradeServer } from './fake-snaptrade-server';
import {
  cashOf,
  connectedUser,
  orderDetail,
  place,
  sdkFor,
  unitsHeld,
  type Connected,
  type Sdk,
} from './test-support/sdk';

/** Limit orders as the provider's time-in-force definitions describe them, driven through the real SDK. */
let fake: FakeSnaptradeServer;
let sdk: Sdk;
let connected: Connected;
const PRICE = 20;

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start();
  sdk = sdkFor(fake);
  fake.state.prices.set('AAPL', PRICE);
});
afterAll(() => fake.stop());
beforeEach(async () => {
  connected = await connectedUser(fake, sdk);
});

const limit = (action: 'BUY' | 'SELL', price: number, time_in_force: string, units = 3) =>
  place(sdk, connected, { action, order_type: 'Limit', price, time_in_force, units });

it('a marketable IOC or FOK buy executes at once at the quote, which is at or below its limit', async () => {
  for (const tif of ['IOC', 'FOK']) {
    const before = await cashOf(sdk, connected);
    const { status, data } = await limit('BUY', 20.5, tif);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      status: 'EXECUTED',
      order_type: 'Limit',
      time_in_force: tif,
      limit_price: '20.5',
      filled_quantity: '3',
      execution_price: String(PRICE),
    });
    expect((await cashOf(sdk, connected)).cash).toBe(before.cash - 3 * PRICE);
  }
  expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(6);
});

it('an IOC or FOK buy the quote does not reach is canceled at once: nothing filled, cash and positions untouched', async () => {
  for (const tif of ['IOC', 'FOK']) {
    const before = await cashOf(sdk, connected);
    const { data } = await limit('BUY', 19.99, tif);
    expect(data).toMatchObject({
      status: 'CANCELED',
      filled_quantity: '0',
      open_quantity: '0',
      canceled_quantity: '3',
      execution_price: null,
      limit_price: '19.99',
    });
    expect((await orderDetail(sdk, connected, data.brokerage_order_id!)).data.status).toBe('CANCELED');
    expect(await cashOf(sdk, connected)).toEqual(before);
  }
  expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(0);
});

it('a limit sell executes only at or above its limit', async () => {
  await place(sdk, connected, { units: 4 });
  expect((await limit('SELL', 20.01, 'IOC', 2)).data).toMatchObject({ status: 'CANCELED', filled_quantity: '0' });
  expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(4);
  expect((await limit('SELL', 19, 'FOK', 2)).data).toMatchObject({
    status: 'EXECUTED',
    execution_price: String(PRICE),
  });
  expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(2);
});

it('a Day buy the quote does not reach rests open, holding back its limit in buying power, until canceled', async () => {
  const before = await cashOf(sdk, connected);
  const { data } = await limit('BUY', 19, 'Day', 10);
  expect(data).toMatchObject({ status: 'PENDING', filled_quantity: '0', open_quantity: '10' });
  expect(await cashOf(sdk, connected)).toEqual({ cash: before.cash, buyingPower: before.buyingPower - 190 });
  await sdk.trading.cancelOrder({
    ...connected.user,
    accountId: connected.accountIds[0]!,
    brokerage_order_id: data.brokerage_order_id!,
  });
  expect((await orderDetail(sdk, connected, data.brokerage_order_id!)).data.status).toBe('CANCELED');
  expect(await cashOf(sdk, connected)).toEqual(before);
});

it('a queued script is kept for the next order that reaches the market', async () => {
  fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'stay-pending' });
  expect((await limit('BUY', 19, 'IOC')).data.status).toBe('CANCELED');
  expect((await place(sdk, connected, { units: 1 })).data.status).toBe('PENDING');
});
