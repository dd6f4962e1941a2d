import { FakeSnaptradeServer } from './fake-snaptrade-server';
import { cashOf, connectedUser, place, sdkFor, unitsHeld, type Connected, type Sdk } from './test-support/sdk';

/** Order listings (recentOrders' page and refusals, /orders filters) and daily-cached account data, through the real SDK. */
let fake: FakeSnaptradeServer;
let sdk: Sdk;
let connected: Connected;
const PAGE = 3;

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start({ recentOrdersPageSize: PAGE });
  sdk = sdkFor(fake);
  fake.state.prices.set('AAPL', 20);
});
afterAll(() => fake.stop());
beforeEach(async () => {
  connected = await connectedUser(fake, sdk);
});
afterEach(() => {
  fake.setRecentOrdersMode('ok');
  fake.setAccountDataMode('live');
});

const account = () => ({ ...connected.user, accountId: connected.accountIds[0]! });
const idsOf = (records: { brokerage_order_id?: string }[]) => records.map((record) => record.brokerage_order_id);
const recent = async (onlyExecuted?: boolean) => {
  const { status, data } = await sdk.accountInformation.getUserAccountRecentOrders({ ...account(), onlyExecuted });
  return { status, data };
};
const orders = async (state?: string, days?: number) => {
  const { status, data } = await sdk.accountInformation.getUserAccountOrders({
    ...account(),
    state: state as 'all' | undefined,
    days,
  });
  return { status, data };
};

/** Places instant orders, then one that stays pending; returns their ids, oldest first. */
async function placeSome(instant: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < instant; index += 1) ids.push((await place(sdk, connected, {})).data.brokerage_order_id!);
  fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'stay-pending' });
  ids.push((await place(sdk, connected, {})).data.brokerage_order_id!);
  return ids;
}

describe('recentOrders', () => {
  it('returns only the latest page, newest first, executed only unless only_executed=false', async () => {
    const [, , second, third, pending] = await placeSome(4);
    expect(idsOf((await recent(false)).data.orders!)).toEqual([pending, third, second]);
    expect(idsOf((await recent()).data.orders!)).toEqual([third, second]);
  });

  it('covers the last 24 hours only; /orders covers `days` (30 by default, at most 90)', async () => {
    const [old, today] = await placeSome(1);
    const order = fake.state.orders.find((row) => row.id === old)!;
    order.placedAtMs -= 25 * 3_600_000;
    order.placedAt = new Date(order.placedAtMs).toISOString();
    expect(idsOf((await recent(false)).data.orders!)).toEqual([today]);
    expect(idsOf((await orders('all', 1)).data)).toEqual([today]);
    expect(idsOf((await orders('all', 2)).data)).toEqual([today, old]);
    expect(idsOf((await orders()).data)).toEqual([today, old]);
    expect(idsOf((await orders('all', 500)).data)).toEqual([today, old]);
  });

  it('can answer as a plan without the feature (403 1141) or a brokerage without it (501)', async () => {
    fake.setRecentOrdersMode('forbidden');
    expect(await recent()).toEqual({
      status: 403,
      data: { detail: 'Feature is not enabled for this customer or this connection', status_code: 403, code: '1141' },
    });
    fake.setRecentOrdersMode('not-implemented');
    expect(await recent()).toEqual({
      status: 501,
      data: { error: 'The orders endpoint is not yet implemented for brokerage WEBULL' },
    });
    fake.setRecentOrdersMode('ok');
    expect((await recent()).status).toBe(200);
  });
});

describe('/orders filters', () => {
  it('filters by state: open (not final), executed (something filled), all; refuses a bad state or days', async () => {
    const [filled, pending] = await placeSome(1);
    expect(idsOf((await orders('open')).data)).toEqual([pending]);
    expect(idsOf((await orders('executed')).data)).toEqual([filled]);
    expect(idsOf((await orders('all')).data)).toEqual([pending, filled]);
    expect((await orders('bogus')).status).toBe(400);
    expect((await orders('all', 0)).status).toBe(400);
  });
});

describe('daily-cached account data', () => {
  it('balances and positions lag a trade until the next day', async () => {
    fake.setAccountDataMode('daily-cached');
    const before = await cashOf(sdk, connected);
    const { data: positionsBefore } = await sdk.accountInformation.getAllAccountPositions(account());
    await place(sdk, connected, { units: 2 });
    expect(await cashOf(sdk, connected)).toEqual(before);
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(0);
    const { data: positionsLagging } = await sdk.accountInformation.getAllAccountPositions(account());
    expect(positionsLagging.data_freshness).toEqual(positionsBefore.data_freshness);
    // recentOrders is realtime; the order history is daily-cached like holdings.
    expect((await recent()).data.orders).toHaveLength(1);
    expect((await orders()).data).toEqual([]);
    fake.advanceDay();
    expect((await cashOf(sdk, connected)).cash).toBe(before.cash - 40);
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(2);
    expect((await orders()).data).toHaveLength(1);
  });

  it('the cached order history shows an order as it was at the last sync', async () => {
    fake.setAccountDataMode('daily-cached');
    fake.scriptNextOrders(connected.accountIds[0]!, { kind: 'delayed-fill', afterMs: 100 });
    const { data: placed } = await place(sdk, connected, {});
    fake.advanceDay();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await orders()).data.map((record) => record.status)).toEqual(['ACCEPTED']);
    expect((await recent()).data.orders).toEqual([expect.objectContaining({ status: 'EXECUTED' })]);
    fake.advanceDay();
    expect(idsOf((await orders('executed')).data)).toEqual([placed.brokerage_order_id]);
  });

  it('a refresh brings the cache up to date; a second one too soon is throttled (429 throttled)', async () => {
    fake.setAccountDataMode('daily-cached');
    await place(sdk, connected, { units: 1 });
    const refresh = async () => {
      const { status, data } = await sdk.connections.refreshBrokerageAuthorization({
        ...connected.user,
        authorizationId: connected.connectionId,
      });
      return { status, data };
    };
    expect(await refresh()).toEqual({
      status: 200,
      data: { detail: `Connection ${connected.connectionId} scheduled for refresh` },
    });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(1);
    expect(await refresh()).toEqual({
      status: 429,
      data: {
        detail: 'Connection refreshed too recently. Please try again later.',
        status_code: 429,
        code: 'throttled',
      },
    });
    expect(fake.state.connections.get(connected.connectionId)!.refreshCount).toBe(1);
  });

  it('a real-time connection serves live data and refuses refresh (403 1141)', async () => {
    fake.setAccountDataMode('daily-cached');
    fake.setConnectionRealtime(connected.connectionId, true);
    const { data: connection } = await sdk.connections.detailBrokerageAuthorization({
      ...connected.user,
      authorizationId: connected.connectionId,
    });
    expect(connection.data_freshness_mode).toBe('realtime');
    await place(sdk, connected, { units: 1 });
    expect(await unitsHeld(sdk, connected, 'AAPL')).toBe(1);
    const { status, data } = await sdk.connections.refreshBrokerageAuthorization({
      ...connected.user,
      authorizationId: connected.connectionId,
    });
    expect({ status, data }).toEqual({
      status: 403,
      data: { detail: 'Feature is not enabled for this customer or this connection', status_code: 403, code: '1141' },
    });
  });
});
