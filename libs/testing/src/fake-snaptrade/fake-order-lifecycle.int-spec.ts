import { FakeSnaptradeServer } from './fake-snaptrade-server';
import {
  cashOf,
  connectedUser,
  orderDetail,
  place,
  sdkFor,
  sleep,
  unitsHeld,
  type Connected,
  type Sdk,
} from './test-support/sdk';

/** Scripted order lifecycles, driven and read through the real SDK. */
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

const detail = async (id: string) => (await orderDetail(sdk, connected, id)).data;

describe('default: instant', () => {
  it('answers EXECUTED with everything filled at the price, order_role null, cash and position moved at once', async () => {
    const before = await cashOf(sdk, connected);
    const { status, data } = await place(sdk, connected, { units: 3 });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      status: 'EXECUTED',
      order_role: null,
      total_quantity: '3',
      filled_quantity: '3',
      open_quantity: '0',
      canceled_quantity: '0',
      execution_price: String(PRICE),
      order_type: 'Market',
      time_in_force: 'Day',
    });
    expect('client_order_id' in data).toBe(false);
    expect((await cashOf(sdk, connected)).cash).toBe(before.cash - 3 * PRICE);
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(3);
  });
});

describe('scripts', () => {
  it('delayed fill: ACCEPTED with nothing filled (cash untouched, buying power held back), then EXECUTED', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'delayed-fill', afterMs: 300 });
    const before = await cashOf(sdk, connected);
    const { data: placed } = await place(sdk, connected, { units: 2 });
    expect(placed).toMatchObject({
      status: 'ACCEPTED',
      filled_quantity: '0',
      open_quantity: '2',
      execution_price: null,
    });
    expect(placed.time_executed).toBeNull();
    expect(await cashOf(sdk, connected)).toEqual({ cash: before.cash, buyingPower: before.cash - 2 * PRICE });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(0);
    await sleep(350);
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({
      status: 'EXECUTED',
      filled_quantity: '2',
      open_quantity: '0',
      execution_price: String(PRICE),
    });
    expect(await cashOf(sdk, connected)).toEqual({
      cash: before.cash - 2 * PRICE,
      buyingPower: before.cash - 2 * PRICE,
    });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(2);
  });

  it('partial then fill: PARTIAL with whole shares filled and the rest open, then EXECUTED; cash follows the fills', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, {
      kind: 'partial-then-fill',
      partialFraction: 0.3,
      partialAfterMs: 100,
      fillAfterMs: 400,
    });
    const before = await cashOf(sdk, connected);
    const { data: placed } = await place(sdk, connected, { units: 10 });
    expect(placed.status).toBe('ACCEPTED');
    await sleep(200);
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({
      status: 'PARTIAL',
      filled_quantity: '3',
      open_quantity: '7',
      canceled_quantity: '0',
    });
    expect(await cashOf(sdk, connected)).toEqual({
      cash: before.cash - 3 * PRICE,
      buyingPower: before.cash - 10 * PRICE,
    });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(3);
    await sleep(300);
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({ status: 'EXECUTED', filled_quantity: '10' });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(10);
    expect((await cashOf(sdk, connected)).cash).toBe(before.cash - 10 * PRICE);
  });

  it('partial then cancel: PARTIAL_CANCELED, the rest canceled; only the partial quantity is held and paid', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, {
      kind: 'partial-then-cancel',
      partialFraction: 0.5,
      partialAfterMs: 50,
      cancelAfterMs: 150,
    });
    const before = await cashOf(sdk, connected);
    const { data: placed } = await place(sdk, connected, { units: 4 });
    await sleep(250);
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({
      status: 'PARTIAL_CANCELED',
      filled_quantity: '2',
      canceled_quantity: '2',
      open_quantity: '0',
      execution_price: String(PRICE),
    });
    expect(await cashOf(sdk, connected)).toEqual({
      cash: before.cash - 2 * PRICE,
      buyingPower: before.cash - 2 * PRICE,
    });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(2);
  });

  it('reject after acceptance: REJECTED, nothing filled, nothing held back; the reason kept for assertions', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'reject', afterMs: 100, reason: 'Symbol halted' });
    const before = await cashOf(sdk, connected);
    const { data: placed } = await place(sdk, connected, { units: 1 });
    expect(placed.status).toBe('ACCEPTED');
    await sleep(150);
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({
      status: 'REJECTED',
      filled_quantity: '0',
      open_quantity: '0',
    });
    expect(await cashOf(sdk, connected)).toEqual(before);
    expect(fake.state.orders.find((order) => order.id === placed.brokerage_order_id)?.rejectReason).toBe(
      'Symbol halted',
    );
  });

  it('stay pending: PENDING until canceled; a cancel makes it CANCELED, a second cancel is refused', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'stay-pending' });
    const { data: placed } = await place(sdk, connected, { units: 5 });
    await sleep(50);
    expect((await detail(placed.brokerage_order_id!)).status).toBe('PENDING');
    const cancel = () =>
      sdk.trading.cancelOrder({
        ...connected.user,
        accountId: connected.accountIds[0]!,
        brokerage_order_id: placed.brokerage_order_id!,
      });
    expect((await cancel()).data).toEqual({ brokerage_order_id: placed.brokerage_order_id, raw_response: {} });
    expect(await detail(placed.brokerage_order_id!)).toMatchObject({
      status: 'CANCELED',
      canceled_quantity: '5',
      filled_quantity: '0',
      open_quantity: '0',
    });
    expect((await cancel()).status).toBe(400);
  });

  it('queues per account, then any account, then the default; each script serves one order', async () => {
    const [first, second] = connected.accountIds as [string, string];
    fake.scriptNextOrders('*', { kind: 'stay-pending' });
    fake.scriptNextOrders(first, { kind: 'delayed-fill', afterMs: 60_000 });
    const statuses = [];
    for (const account of [second, first, first]) statuses.push((await place(sdk, connected, {}, account)).data.status);
    expect(statuses).toEqual(['PENDING', 'ACCEPTED', 'EXECUTED']);
    fake.setDefaultOrderScript({ kind: 'stay-pending' });
    try {
      expect((await place(sdk, connected, {}, second)).data.status).toBe('PENDING');
    } finally {
      fake.setDefaultOrderScript({ kind: 'instant' });
    }
    expect(fake.placedOrderCount(first)).toBe(2);
    expect(fake.placedOrderCount(second)).toBe(2);
  });

  it('refuses scripts no brokerage could follow', () => {
    expect(() => fake.scriptNextOrders('*', { kind: 'delayed-fill', afterMs: -1 })).toThrow(/≥ 0/);
    expect(() =>
      fake.scriptNextOrders('*', { kind: 'partial-then-fill', partialFraction: 1, partialAfterMs: 0, fillAfterMs: 1 }),
    ).toThrow(/partialFraction/);
    expect(() =>
      fake.setDefaultOrderScript({
        kind: 'partial-then-cancel',
        partialFraction: 0.5,
        partialAfterMs: 10,
        cancelAfterMs: 5,
      }),
    ).toThrow(/cancelAfterMs/);
  });

  it('orderRecord gives what the provider would answer now, only for the order account', async () => {
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'delayed-fill', afterMs: 100 });
    const { data: placed } = await place(sdk, connected, { units: 1 });
    expect(fake.orderRecord(connected.accountIds[0]!, placed.brokerage_order_id!)?.status).toBe('ACCEPTED');
    await sleep(150);
    expect(fake.orderRecord(connected.accountIds[0]!, placed.brokerage_order_id!)).toEqual(
      await detail(placed.brokerage_order_id!),
    );
    expect(fake.orderRecord(connected.accountIds[1]!, placed.brokerage_order_id!)).toBeUndefined();
  });
});
