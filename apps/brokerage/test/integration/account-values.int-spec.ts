import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { AccountsController } from '../../src/modules/accounts/accounts.controller';
import { ConnectionsController } from '../../src/modules/connections/connections.controller';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import { actorOf, connectPaperUser, startBrokerageApp, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser, startSnaptradeBrokerageApp, type SnaptradeTestApp } from '../support/snaptrade-test-app';

/**
 * rpc.brokerage.account-values.list (the copy engine sizes copies by a percentage of its followers' accounts): each
 * user's primary account's value from what the brokerage holds — the paper broker's cash and positions at its price
 * feed; SnapTrade's last balances read — with users who have no account or no known value left out, in a fixed number
 * of queries however many users, and never a provider call.
 */
jest.setTimeout(120_000);

const call = (userIds: string[]) => ({ requestId: `trace-${randomUUID()}`, payload: { userIds } });

describe('paper broker', () => {
  let ctx: BrokerageTestApp;
  let accounts: AccountsController;
  const alice = randomUUID();
  const bob = randomUUID();
  const carol = randomUUID();
  const registeredOnly = randomUUID();
  const stranger = randomUUID();
  let alicePrimary: string;

  /** Sets an account to `cash` holding `units` AAPL. */
  const holding = async (accountId: string, cash: string, units: number) => {
    await ctx.dataSource.query(`UPDATE brokerage.paper_accounts SET cash = $2 WHERE id = $1`, [accountId, cash]);
    await ctx.dataSource.query(`DELETE FROM brokerage.paper_positions WHERE account_id = $1`, [accountId]);
    if (units > 0)
      await ctx.dataSource.query(
        `INSERT INTO brokerage.paper_positions (account_id, symbol, underlying, units, average_cost, multiplier)
         VALUES ($1, 'AAPL', 'AAPL', $2, 90, 1)`,
        [accountId, units],
      );
  };

  beforeAll(async () => {
    ctx = await startBrokerageApp('brokerage_account_values');
    accounts = ctx.app.get(AccountsController);
    await ctx.app.get(PaperPriceFeed).setPrice('AAPL', new Decimal(200));
    const aliceAccounts = (await connectPaperUser(ctx.app, alice)).accountIds;
    alicePrimary = aliceAccounts[0]!;
    // Cash $40,000 and 50 AAPL at the feed's $200: $50,000; her other accounts hold other sums.
    await holding(alicePrimary, '40000.00', 50);
    for (const other of aliceAccounts.slice(1)) await holding(other, '1.00', 0);
    await holding((await connectPaperUser(ctx.app, bob)).accountIds[0]!, '20000.50', 0);
    await holding((await connectPaperUser(ctx.app, carol)).accountIds[0]!, '100.00', 3);
    await ctx.app.get(ConnectionsController).registerUser({
      requestId: 'register',
      actor: actorOf(registeredOnly),
      payload: { userId: registeredOnly },
    });
  }, 90_000);
  afterAll(() => ctx?.close());

  it("answers the primary account's cash and positions at the price feed; users with no account are left out", async () => {
    const before = Date.now();
    const { values } = await accounts.values(call([alice, bob, registeredOnly, stranger]));
    expect(values).toHaveLength(2);
    expect(values.find((value) => value.userId === alice)).toEqual({
      userId: alice,
      accountId: alicePrimary,
      totalValue: '50000.00',
      currency: 'USD',
      asOf: expect.any(String),
    });
    expect(Date.parse(values[0]!.asOf)).toBeGreaterThanOrEqual(before - 1000);
    expect(values.find((value) => value.userId === bob)).toMatchObject({ totalValue: '20000.50', currency: 'USD' });
    expect(values.some((value) => value.userId === registeredOnly || value.userId === stranger)).toBe(false);
  });

  it('no users, no answer', async () => {
    expect(await accounts.values(call([]))).toEqual({ values: [] });
  });

  it('one query for the whole list (and the feed), the same however many users', async () => {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    const readsFor = async (userIds: string[]) => {
      spy.mockClear();
      const { values } = await accounts.values(call(userIds));
      const reads = spy.mock.calls
        .map(([sql]) => sql)
        .filter((sql) => /accounts|paper_positions|balance_snapshots|paper_market_settings/.test(sql));
      return { values, reads };
    };
    try {
      const one = await readsFor([alice]);
      const all = await readsFor([alice, bob, carol, registeredOnly, stranger]);
      expect(one.values).toHaveLength(1);
      expect(all.values).toHaveLength(3);
      expect(all.values.find((value) => value.userId === carol)).toMatchObject({ totalValue: '700.00' });
      // One query finds every user's primary account; the paper broker reads their cash, positions and prices once.
      expect(all.reads.filter((sql) => sql.includes('brokerage.accounts'))).toHaveLength(1);
      expect(all.reads).toHaveLength(one.reads.length);
      expect(all.reads.length).toBeLessThanOrEqual(4);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('SnapTrade', () => {
  let ctx: SnaptradeTestApp;
  let accounts: AccountsController;
  const read = randomUUID();
  const neverRead = randomUUID();

  beforeAll(async () => {
    ctx = await startSnaptradeBrokerageApp('brokerage_account_values_snaptrade');
    accounts = ctx.app.get(AccountsController);
  }, 90_000);
  afterAll(() => ctx?.close());

  it('answers the balances last read from the provider, with no provider call; an account never read is left out', async () => {
    const [readAccount] = (await connectSnaptradeUser(ctx, read)).accountIds;
    await connectSnaptradeUser(ctx, neverRead);
    const { balances } = await accounts.balances({
      requestId: 'dashboard',
      actor: actorOf(read),
      payload: { userId: read, accountId: readAccount! },
    });
    const requestsBefore = ctx.fake.requests.length;

    const { values } = await accounts.values(call([read, neverRead]));

    expect(values).toEqual([
      {
        userId: read,
        accountId: readAccount,
        totalValue: new Decimal(balances.total_value.amount).toFixed(2),
        currency: balances.currency,
        asOf: expect.any(String),
      },
    ]);
    expect(ctx.fake.requests.length).toBe(requestsBefore);
  });
});
