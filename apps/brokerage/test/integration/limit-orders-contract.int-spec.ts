import { randomUUID } from 'node:crypto';
import type { NormalizedMarketOrder, TimeInForce } from '@copytrade/contracts';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
import { paperHarness, snaptradeHarness, type ProviderHarness } from '../support/provider-harness';

const limitOrder = (
  action: 'BUY' | 'SELL',
  quantity: number,
  limitPrice: string,
  timeInForce: TimeInForce,
): NormalizedMarketOrder => ({
  action,
  symbol: 'AAPL',
  underlying: 'AAPL',
  quantity: String(quantity),
  option: null,
  limitPrice,
  timeInForce,
});

/**
 * Limit orders, one contract for both providers (the paper broker, and the SnapTrade adapter through the real SDK
 * against the fake server): an IOC or FOK order fills at the market price only when that price is within its limit
 * (a buy never above it, a sell never below it); otherwise it ends at once, canceled, with nothing filled and no cash
 * or position moved.
 */
describe.each([
  ['paper broker', paperHarness],
  ['SnapTrade adapter + fake server', snaptradeHarness],
])('limit orders: %s', (_name, createHarness) => {
  let harness: ProviderHarness;
  let user: ProviderUserCredentials;
  let accountId: string;

  beforeAll(async () => {
    harness = await createHarness();
    await harness.setMarketOpen(true);
    await harness.setPrice('AAPL', 100);
  }, 60_000);
  afterAll(() => harness?.close());

  beforeEach(async () => {
    user = await harness.provider.registerUser(randomUUID());
    const url = await harness.provider.connectionPortalUrl(user, {
      broker: 'WEBULL',
      connectionType: 'trade',
      customRedirect: 'http://localhost:3000/dashboard',
    });
    await harness.completePortal(user, url);
    accountId = (await harness.provider.listAccounts(user))[0]!.id;
  });

  const place = (order: NormalizedMarketOrder) =>
    harness.provider.placeMarketOrder(user, { accountId, clientOrderId: randomUUID(), order });
  const cash = async () => Number((await harness.provider.getBalance(user, accountId)).cash);
  const held = async () =>
    Number((await harness.provider.listPositions(user, accountId)).find((p) => p.symbol === 'AAPL')?.units ?? 0);

  it.each(['IOC', 'FOK'] as const)(
    'a buy (%s) whose limit the price is within fills at the market price, never above the limit',
    async (timeInForce) => {
      const before = await cash();
      const placed = await place(limitOrder('BUY', 3, '100.5', timeInForce));
      expect(placed).toMatchObject({ status: 'EXECUTED', orderType: 'Limit', timeInForce, filledQuantity: '3' });
      expect(Number(placed.executionPrice)).toBe(100);
      expect(await cash()).toBe(before - 300);
      expect(await held()).toBe(3);
      // A limit exactly at the price is reached too.
      expect(await place(limitOrder('BUY', 1, '100', timeInForce))).toMatchObject({ status: 'EXECUTED' });
    },
  );

  it.each(['IOC', 'FOK'] as const)(
    'a buy (%s) below the price ends at once, canceled, nothing filled, no cash or position moved',
    async (timeInForce) => {
      const before = await cash();
      const placed = await place(limitOrder('BUY', 3, '99.99', timeInForce));
      expect(placed).toMatchObject({ status: 'CANCELED', orderType: 'Limit', timeInForce, executionPrice: null });
      expect(Number(placed.filledQuantity ?? 0)).toBe(0);
      expect(await cash()).toBe(before);
      expect(await held()).toBe(0);
      const [listed] = await harness.provider.listOrders(user, accountId);
      expect(listed).toMatchObject({ brokerageOrderId: placed.brokerageOrderId, status: 'CANCELED' });
    },
  );

  it('a limit sell fills only at or above its limit', async () => {
    await place(limitOrder('BUY', 5, '101', 'IOC'));
    const before = await cash();
    const above = await place(limitOrder('SELL', 2, '100.01', 'IOC'));
    expect(above).toMatchObject({ status: 'CANCELED', executionPrice: null });
    expect(await held()).toBe(5);
    expect(await cash()).toBe(before);
    const within = await place(limitOrder('SELL', 2, '99', 'FOK'));
    expect(within).toMatchObject({ status: 'EXECUTED', filledQuantity: '2' });
    expect(Number(within.executionPrice)).toBe(100);
    expect(await held()).toBe(3);
    expect(await cash()).toBe(before + 200);
  });

  it('a market order is still a market order', async () => {
    const { limitPrice: _limit, timeInForce: _tif, ...market } = limitOrder('BUY', 1, '1', 'IOC');
    expect(await place(market)).toMatchObject({ status: 'EXECUTED', orderType: 'Market', timeInForce: 'Day' });
  });
});
