import { randomUUID } from 'node:crypto';
import {
  ORDERS_PAGE_MAX,
  isOrderRuleError,
  normalizeMarketOrder,
  type ListOrdersRpcReply,
  type OrderView,
} from '@copytrade/contracts';
import { AccountsController } from '../../src/modules/accounts/accounts.controller';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../src/modules/provider/brokerage-provider';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

/**
 * listOrders a page at a time: an account with more orders than a page answers them all, each once, newest first,
 * over several replies that each stay far under NATS's 1 MB max_payload — from the paper broker's own table, and
 * from SnapTrade's whole list (asked once per paged read).
 */
const rpc = <T>(userId: string, payload: T) => ({ requestId: `req-${randomUUID()}`, actor: actorOf(userId), payload });

/** Every page from the first, as a reader follows nextCursor; the replies too. */
async function readAll(
  accounts: AccountsController,
  userId: string,
  accountId: string,
  limit?: number,
): Promise<{ orders: OrderView[]; replies: ListOrdersRpcReply[] }> {
  const replies: ListOrdersRpcReply[] = [];
  let cursor: string | undefined;
  do {
    const reply = await accounts.orders(rpc(userId, { userId, accountId, cursor, limit }));
    replies.push(reply);
    cursor = reply.nextCursor ?? undefined;
  } while (cursor && replies.length < 50);
  return { orders: replies.flatMap((reply) => reply.orders), replies };
}

const newestFirst = (orders: OrderView[]) =>
  orders.every(
    (order, index) => index === 0 || Date.parse(orders[index - 1]!.timePlaced!) >= Date.parse(order.timePlaced!),
  );

describe('with the paper broker', () => {
  let ctx: BrokerageTestApp;
  let accounts: AccountsController;
  const userId = randomUUID();
  let accountId: string;
  let otherAccountId: string;
  /** The orders of the last 30 days, by id. */
  const recent = new Set<string>();

  /**
   * `count` executed buys: `sameInstant` placed at one same timestamp, the rest a minute apart; all with microseconds
   * (which an ISO time drops).
   */
  async function seed(account: string, count: number, sameInstant: number, daysAgo = 0): Promise<string[]> {
    const rows = await ctx.dataSource.query(
      `INSERT INTO brokerage.paper_orders (account_id, client_order_id, symbol, underlying, action, units, filled_units,
         execution_price, status, placed_at)
       SELECT $1, gen_random_uuid(), 'AAPL', 'AAPL', 'BUY', 1, 1, 100, 'EXECUTED',
              CASE WHEN i <= $3 THEN $5::timestamptz ELSE $5::timestamptz - i * interval '1 minute' END
                - $4 * interval '1 day' + interval '123 microseconds'
         FROM generate_series(1, $2) AS i
       RETURNING id`,
      [account, count, sameInstant, daysAgo, new Date(Date.now() - 3_600_000).toISOString()],
    );
    return rows.map((row: { id: string }) => row.id);
  }

  beforeAll(async () => {
    ctx = await startBrokerageApp('brokerage_orders_paging');
    accounts = ctx.app.get(AccountsController);
    [accountId, otherAccountId] = (await connectPaperUser(ctx.app, userId)).accountIds as [string, string];
    // 1,234 orders of the last 30 days, 700 of them placed at one instant (pages end inside that run), then some
    // older than 30 days and some of the user's other account: neither is listed.
    for (const id of await seed(accountId, 1_234, 700)) recent.add(id);
    await seed(accountId, 20, 0, 31);
    await seed(otherAccountId, 30, 0);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('answers every order once, newest first, over pages of at most ORDERS_PAGE_MAX', async () => {
    const { orders, replies } = await readAll(accounts, userId, accountId);
    expect(replies.map((reply) => reply.orders.length)).toEqual([ORDERS_PAGE_MAX, ORDERS_PAGE_MAX, 234]);
    expect(replies.map((reply) => reply.nextCursor === null)).toEqual([false, false, true]);
    expect(orders.map((order) => order.id).sort()).toEqual([...recent].sort());
    expect(newestFirst(orders)).toBe(true);
    // Each reply (with room for the RPC envelope) far under NATS's default 1 MB max_payload.
    for (const reply of replies) expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(512 * 1024);
  });

  it('pages of any size give the same orders in the same order', async () => {
    const whole = (await readAll(accounts, userId, accountId)).orders.map((order) => order.id);
    const small = await readAll(accounts, userId, accountId, 97);
    expect(small.replies).toHaveLength(Math.ceil(1_234 / 97));
    expect(small.orders.map((order) => order.id)).toEqual(whole);
  });

  it('an order placed between two pages shifts nothing (it is newer than the pages already read)', async () => {
    const first = await accounts.orders(rpc(userId, { userId, accountId, limit: 300 }));
    const [{ id: placed }] = await ctx.dataSource.query(
      `INSERT INTO brokerage.paper_orders (account_id, symbol, underlying, action, units, filled_units, execution_price,
         status, placed_at)
       VALUES ($1, 'MSFT', 'MSFT', 'BUY', 1, 1, 300, 'EXECUTED', now()) RETURNING id`,
      [accountId],
    );
    const after = [...first.orders];
    let cursor = first.nextCursor ?? undefined;
    while (cursor) {
      const reply = await accounts.orders(rpc(userId, { userId, accountId, cursor, limit: 300 }));
      after.push(...reply.orders);
      cursor = reply.nextCursor ?? undefined;
    }
    expect(after.map((order) => order.id).sort()).toEqual([...recent].sort());
    // A read from the start lists it first.
    expect((await accounts.orders(rpc(userId, { userId, accountId, limit: 1 }))).orders[0]!.id).toBe(placed);
    recent.add(placed);
  });

  it('refuses a cursor that is not one (400), and another user (403)', async () => {
    await expect(accounts.orders(rpc(userId, { userId, accountId, cursor: 'not-a-cursor' }))).rejects.toMatchObject({
      status: 400,
    });
    const stranger = randomUUID();
    await expect(accounts.orders(rpc(stranger, { userId, accountId }))).rejects.toMatchObject({ status: 403 });
  });
});

describe('with SnapTrade (the real SDK against the fake server)', () => {
  let ctx: SnaptradeTestApp;
  beforeAll(async () => {
    ctx = await startSnaptradeBrokerageApp('brokerage_orders_paging_snaptrade');
  }, 60_000);
  afterAll(() => ctx?.close());

  it('pages the provider’s whole list, asking the provider once per read, every order once, newest first', async () => {
    const userId = randomUUID();
    const { fake } = ctx;
    const accountId = (await connectSnaptradeUser(ctx, userId)).accountIds[0]!;
    // One order through the provider, then 1,099 copies of it at scattered times (the fake lists by insertion).
    const provider = ctx.app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
    const { credentials } = await ctx.app.get(ProviderUsers).require(userId);
    const order = normalizeMarketOrder({ action: 'BUY', symbol: 'AAPL', quantity: 1 }, '2026-01-01');
    if (isOrderRuleError(order)) throw new Error(order.message);
    await provider.placeMarketOrder(credentials, { accountId, clientOrderId: randomUUID(), order });
    const placed = fake.state.orders.at(-1)!;
    for (let index = 1; index < 1_100; index += 1) {
      // 1 in 4 share their time with another order: the id decides.
      const placedAtMs = placed.placedAtMs - ((index * 7919) % 1_000) * 60_000 - (index % 4 === 0 ? 0 : index);
      fake.state.orders.push({
        ...placed,
        id: randomUUID(),
        placedAtMs,
        placedAt: new Date(placedAtMs).toISOString(),
      });
    }
    const accounts = ctx.app.get(AccountsController);
    const calls = () => fake.requests.filter((request) => request.path === `/accounts/${accountId}/orders`).length;
    const before = calls();
    const { orders, replies } = await readAll(accounts, userId, accountId);
    expect(replies.map((reply) => reply.orders.length)).toEqual([ORDERS_PAGE_MAX, ORDERS_PAGE_MAX, 100]);
    expect(calls() - before).toBe(1);
    const ids = orders.map((row) => row.id);
    expect(new Set(ids).size).toBe(1_100);
    expect(newestFirst(orders)).toBe(true);
    // A new read asks the provider again (the first page is never an old list).
    await accounts.orders(rpc(userId, { userId, accountId }));
    expect(calls() - before).toBe(2);
  });
});
