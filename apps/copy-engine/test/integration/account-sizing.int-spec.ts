import { randomUUID } from 'node:crypto';
import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { publishTradeShared, sharedTrade, world } from '../support/auto-copy-world';
import { useCopyEngineSuite } from '../support/copy-engine-suite';
import { OpenPositionsStandInsModule, openTrades, publishSubscriptionStarted } from '../support/open-positions-world';

/**
 * Sizing automatic copies by a percentage of the follower's account (docs/product.md, "Copy guards"), through the real
 * copy engine on real PostgreSQL and NATS with the brokerage stand-in: the percent-mode followers of a page have their
 * account values asked once, their copies are whole units of that percent (never above their maximum) at the live
 * quote; an unknown value is not placed, with its reason; fixed-mode followers in the same page are sized as before.
 * The copies of open positions on subscribing are sized the same way.
 */
jest.setTimeout(120_000);

const suite = useCopyEngineSuite('copy_engine_account_sizing', OpenPositionsStandInsModule, {
  AUTO_COPY_POLL_MS: '200',
  AUTO_COPY_LEASE_MS: '3000',
  AUTO_COPY_BATCH_TIMEOUT_MS: '5000',
  AUTO_COPY_RETRY_MS: '200',
});

beforeEach(() => {
  world.reset();
  openTrades.reset();
});

/** A follower with copy trading on, their default and maximum copy amounts, and their sizing. */
async function follower(
  sizing: { percent: string } | 'fixed',
  amounts: { defaultCopyAmount: number; max: number | null } = { defaultCopyAmount: 1000, max: 3000 },
) {
  const userId = randomUUID();
  await suite.dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, max_copy_amount, changed_at)
     VALUES ($1, true, $2, $3, now())`,
    [userId, amounts.defaultCopyAmount, amounts.max],
  );
  if (sizing !== 'fixed')
    await suite.dataSource.query(
      `INSERT INTO copy_engine.follower_guards (user_id, sizing_mode, sizing_percent, copy_open_positions)
       VALUES ($1, 'account_percent', $2, true)`,
      [userId, sizing.percent],
    );
  return userId;
}

interface Row {
  user_id: string;
  status: string;
  quantity_requested: string;
  failure_code: string | null;
  failure_reason: string | null;
}

const settled = (tradeId: string, count: number) =>
  expectEventually(
    async () => {
      const rows = (await suite.dataSource.query(
        `SELECT user_id, status, quantity_requested::text, failure_code, failure_reason
           FROM copy_engine.copy_instances WHERE original_trade_id = $1`,
        [tradeId],
      )) as Row[];
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.status === 'PENDING')).toEqual([]);
      return new Map(rows.map((row) => [row.user_id, row]));
    },
    { timeoutMs: 60_000 },
  );

const orderOf = (userId: string) =>
  [...world.orders.entries()].filter(([key]) => key.startsWith(`${userId}:`)).map(([, order]) => order);

it('percent of the account value, never above the maximum, at the live quote; unknown value not placed; fixed unchanged', async () => {
  const rich = await follower({ percent: '10' });
  const modest = await follower({ percent: '10' });
  const unknown = await follower({ percent: '10' });
  const fixed = await follower('fixed');
  const fixedSmall = await follower('fixed', { defaultCopyAmount: 250, max: 3000 });
  world.accountValues.set(rich, { totalValue: '50000.00' });
  world.accountValues.set(modest, { totalValue: '20000.00' });
  // Known, but a fixed-mode follower's account value plays no part in their copy.
  world.accountValues.set(fixed, { totalValue: '90000.00' });
  world.quotes.set('AAPL', 100);
  const trade = sharedTrade([rich, modest, unknown, fixed, fixedSmall], { entryPrice: '100' });

  await publishTradeShared(suite.nc, trade);
  const rows = await settled(trade.id, 5);

  // 10 % of $50,000 is $5,000, capped at the maximum of $3,000: 30 shares at $100.
  expect(rows.get(rich)).toMatchObject({ status: 'OPEN', quantity_requested: '30.000000', failure_code: null });
  expect(orderOf(rich)).toEqual([expect.objectContaining({ quantity: 30 })]);
  // 10 % of $20,000: 20 shares.
  expect(rows.get(modest)).toMatchObject({ status: 'OPEN', quantity_requested: '20.000000', failure_code: null });
  expect(orderOf(modest)).toEqual([expect.objectContaining({ quantity: 20 })]);
  expect(rows.get(unknown)).toMatchObject({
    status: 'FAILED',
    failure_code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN,
    failure_reason: CopyTradeMessages.accountValueUnknown(10),
  });
  expect(orderOf(unknown)).toEqual([]);
  // Fixed mode as before: $1,000 → 10 shares, $250 → 2 shares.
  expect(rows.get(fixed)).toMatchObject({ status: 'OPEN', quantity_requested: '10.000000' });
  expect(orderOf(fixed)).toEqual([expect.objectContaining({ quantity: 10 })]);
  expect(rows.get(fixedSmall)).toMatchObject({ status: 'OPEN', quantity_requested: '2.000000' });

  // One call for the page, naming only the followers who size by their account.
  expect(world.accountValueCalls).toHaveLength(1);
  expect([...world.accountValueCalls[0]!.userIds].sort()).toEqual([rich, modest, unknown].sort());
});

it('a page with no follower sizing by account asks the brokerage for no account value', async () => {
  const first = await follower('fixed');
  const second = await follower('fixed', { defaultCopyAmount: 500, max: 3000 });
  world.quotes.set('AAPL', 100);
  const trade = sharedTrade([first, second], { entryPrice: '100' });

  await publishTradeShared(suite.nc, trade);
  const rows = await settled(trade.id, 2);

  expect(rows.get(first)).toMatchObject({ status: 'OPEN', quantity_requested: '10.000000' });
  expect(rows.get(second)).toMatchObject({ status: 'OPEN', quantity_requested: '5.000000' });
  expect(world.accountValueCalls).toEqual([]);
});

it('an account valued in another currency than the US dollar counts as unknown (copies are sized in dollars)', async () => {
  const canadian = await follower({ percent: '10' });
  world.accountValues.set(canadian, { totalValue: '20000.00', currency: 'CAD' });
  world.quotes.set('AAPL', 100);
  const trade = sharedTrade([canadian], { entryPrice: '100' });

  await publishTradeShared(suite.nc, trade);
  const rows = await settled(trade.id, 1);

  expect(rows.get(canadian)).toMatchObject({
    status: 'FAILED',
    failure_code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN,
  });
  expect(orderOf(canadian)).toEqual([]);
});

it("open positions copied on subscribing: sized by the account's percent, its value asked once for every trade", async () => {
  const traceId = randomUUID();
  const ownerUserId = randomUUID();
  const aapl = sharedTrade([], { traceId, ownerUserId, symbol: 'AAPL', entryPrice: '100', currentPrice: '101' });
  const msft = sharedTrade([], { traceId, ownerUserId, symbol: 'MSFT', entryPrice: '200', currentPrice: '210' });
  const known = await follower({ percent: '10' }, { defaultCopyAmount: 1000, max: null });
  const unknown = await follower({ percent: '10' });
  world.accountValues.set(known, { totalValue: '20000' });

  for (const userId of [known, unknown]) {
    openTrades.tiers.set(`${traceId}:${userId}`, 'basic');
    await publishSubscriptionStarted(suite.nc, { traceId, userId, tierName: 'basic' });
  }
  const copies = async (userId: string) =>
    expectEventually(async () => {
      const rows = (await suite.dataSource.query(
        `SELECT original_trade_id, status, quantity_requested::text, failure_code
           FROM copy_engine.copy_instances WHERE user_id = $1`,
        [userId],
      )) as Array<Row & { original_trade_id: string }>;
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => row.status === 'PENDING')).toEqual([]);
      return new Map(rows.map((row) => [row.original_trade_id, row]));
    });

  // 10 % of $20,000 = $2,000 (no maximum): 19 AAPL at 101, 9 MSFT at 210.
  const knownCopies = await copies(known);
  expect(knownCopies.get(aapl.id)).toMatchObject({ status: 'OPEN', quantity_requested: '19.000000' });
  expect(knownCopies.get(msft.id)).toMatchObject({ status: 'OPEN', quantity_requested: '9.000000' });
  const unknownCopies = await copies(unknown);
  for (const row of unknownCopies.values())
    expect(row).toMatchObject({ status: 'FAILED', failure_code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN });
  expect(orderOf(unknown)).toEqual([]);
  // One call per follower, however many trades were copied.
  expect(world.accountValueCalls.map((call) => call.userIds)).toEqual(expect.arrayContaining([[known], [unknown]]));
  expect(world.accountValueCalls).toHaveLength(2);
});
