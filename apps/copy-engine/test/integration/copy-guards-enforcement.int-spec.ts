import { randomUUID } from 'node:crypto';
import { CopySkipped, CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { AutoCopyPlacer } from '../../src/modules/auto-copy/auto-copy-placer';
import { FollowerGuardsUseCase } from '../../src/modules/copy-guards/follower-guards.use-case';
import { TraceGuardsUseCase } from '../../src/modules/copy-guards/trace-guards.use-case';
import { AutoCopyStandInsModule, FILL_PRICE, publishTradeShared, sharedTrade, world } from '../support/auto-copy-world';
import { useCopyEngineSuite } from '../support/copy-engine-suite';
import { copyFailuresOf } from '../support/copy-failures';
import { devSignedActor } from '@copytrade/nest';

/**
 * The follower's guards enforced on automatic copies, through the real copy engine (fan-out, placement workers) on
 * real PostgreSQL and NATS, with the brokerage stand-in (which honours immediate-or-cancel limits like the paper
 * broker): price protection (skipped before any order, a limit order within it, an order the market passed),
 * the trace's override, pause, the stop switch, the maximum age — and the stop switch committed while a fan-out is
 * being placed: no order of that follower after the commit.
 */
jest.setTimeout(120_000);

const suite = useCopyEngineSuite('copy_engine_copy_guards', AutoCopyStandInsModule, {
  AUTO_COPY_POLL_MS: '200',
  AUTO_COPY_LEASE_MS: '3000',
  AUTO_COPY_BATCH_TIMEOUT_MS: '5000',
  AUTO_COPY_RETRY_MS: '200',
  AUTO_COPY_BATCH_SIZE: '25',
});

beforeEach(() => world.reset());

interface Row {
  user_id: string;
  status: string;
  failure_code: string | null;
  failure_reason: string | null;
  limit_price: string | null;
}

async function following(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await suite.dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
     SELECT id, true, 1000, now() FROM unnest($1::uuid[]) AS ids(id)`,
    [ids],
  );
  return ids;
}

const setFollowerGuards = (userId: string, columns: Record<string, unknown>) =>
  suite.dataSource.query(
    `INSERT INTO copy_engine.follower_guards (user_id, ${Object.keys(columns).join(', ')})
     VALUES ($1, ${Object.keys(columns)
       .map((_, index) => `$${index + 2}`)
       .join(', ')})`,
    [userId, ...Object.values(columns)],
  );
const setTraceGuards = (userId: string, traceId: string, columns: Record<string, unknown>) =>
  suite.dataSource.query(
    `INSERT INTO copy_engine.trace_guards (user_id, trace_id, ${Object.keys(columns).join(', ')})
     VALUES ($1, $2, ${Object.keys(columns)
       .map((_, index) => `$${index + 3}`)
       .join(', ')})`,
    [userId, traceId, ...Object.values(columns)],
  );

const rowsOf = async (tradeId: string) =>
  new Map(
    (
      (await suite.dataSource.query(
        `SELECT user_id, status, failure_code, failure_reason, limit_price::text
           FROM copy_engine.copy_instances WHERE original_trade_id = $1`,
        [tradeId],
      )) as Row[]
    ).map((row) => [row.user_id, row]),
  );

const settled = (tradeId: string, count: number) =>
  expectEventually(
    async () => {
      const rows = await rowsOf(tradeId);
      expect(rows.size).toBe(count);
      expect([...rows.values()].filter((row) => row.status === 'PENDING')).toEqual([]);
      return rows;
    },
    { timeoutMs: 60_000 },
  );

const ordersOf = (userId: string) => [...world.orders.entries()].filter(([key]) => key.startsWith(`${userId}:`));

it('price-protection: skipped before any order past it, a limit order within it, an order the market passed is skipped; the trace overrides', async () => {
  const [tight, loose, passed, none, overridden] = await following(5);
  const trade = sharedTrade([tight!, loose!, passed!, none!, overridden!], { entryPrice: '100' });
  // The market is 1 % above the trader's price; the stand-in fills at 101.25.
  world.quotes.set('AAPL', 101);
  await setFollowerGuards(tight!, { price_protection_percent: '0.5' });
  await setFollowerGuards(loose!, { price_protection_percent: '5' });
  await setFollowerGuards(passed!, { price_protection_percent: '1.2' });
  await setFollowerGuards(overridden!, { price_protection_percent: '0.5' });
  await setTraceGuards(overridden!, trade.traceId, { price_protection_percent: '5' });
  await publishTradeShared(suite.nc, trade);
  const rows = await settled(trade.id, 5);

  expect(rows.get(tight!)).toMatchObject({
    status: 'FAILED',
    failure_code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    failure_reason: CopyTradeMessages.priceMoved(1, 0.5),
  });
  expect(ordersOf(tight!)).toEqual([]);
  // 9 shares at 101: the 5 % limit (105) is below the cap's per-share 1000 / 9 = 111.11.
  expect(rows.get(loose!)).toMatchObject({ status: 'OPEN', limit_price: '105' });
  expect(ordersOf(loose!)[0]![1]).toMatchObject({ limitPrice: 105, timeInForce: 'IOC', executionPrice: FILL_PRICE });
  expect(rows.get(passed!)).toMatchObject({
    status: 'FAILED',
    failure_code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    failure_reason: CopyTradeMessages.priceMovedBeforeFill(101.2),
    limit_price: '101.2',
  });
  expect(ordersOf(passed!)[0]![1]).toMatchObject({ state: 'CANCELED', filledQuantity: 0 });
  expect(rows.get(none!)).toMatchObject({ status: 'OPEN', limit_price: null });
  expect(ordersOf(none!)[0]![1]).toMatchObject({ limitPrice: null, timeInForce: null });
  expect(rows.get(overridden!)).toMatchObject({ status: 'OPEN', limit_price: '105' });
});

it('pause, stop switch and maximum age: skipped with their reasons and no order; the others copied', async () => {
  const [paused, stopped, stale, fresh, free] = await following(5);
  const sharedAt = new Date(Date.now() - 10 * 60_000).toISOString();
  const trade = sharedTrade([paused!, stopped!, stale!, fresh!, free!], { sharedAt });
  await setTraceGuards(paused!, trade.traceId, { auto_copy_paused: true, paused_reason: 'user' });
  await setFollowerGuards(stopped!, { auto_copy_stopped: true });
  await setFollowerGuards(stale!, { max_share_age_minutes: 5 });
  await setFollowerGuards(fresh!, { max_share_age_minutes: 60 });
  await publishTradeShared(suite.nc, trade);
  const rows = await settled(trade.id, 5);
  expect(rows.get(paused!)).toMatchObject({
    failure_code: CopyTradeErrorCode.SKIPPED_PAUSED,
    failure_reason: CopyTradeMessages.autoCopyPaused,
  });
  expect(rows.get(stopped!)).toMatchObject({
    failure_code: CopyTradeErrorCode.SKIPPED_STOPPED,
    failure_reason: CopyTradeMessages.autoCopyStopped,
  });
  expect(rows.get(stale!)).toMatchObject({
    failure_code: CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD,
    failure_reason: CopyTradeMessages.shareTooOld(10, 5),
  });
  for (const skipped of [paused!, stopped!, stale!]) expect(ordersOf(skipped)).toEqual([]);
  // Each skip is announced once (the live push carries it), in the transaction that recorded it.
  const announced = (await suite.dataSource.query(
    `SELECT envelope->'data'->>'userId' AS "userId", envelope->'data'->>'code' AS code
       FROM copy_engine.outbox WHERE subject = $1 AND envelope->'data'->>'originalTradeId' = $2`,
    [CopySkipped.subject, trade.id],
  )) as Array<{ userId: string; code: string }>;
  expect(announced.sort((a, b) => a.code.localeCompare(b.code))).toEqual(
    [
      { userId: paused, code: CopyTradeErrorCode.SKIPPED_PAUSED },
      { userId: stale, code: CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD },
      { userId: stopped, code: CopyTradeErrorCode.SKIPPED_STOPPED },
    ].sort((a, b) => a.code.localeCompare(b.code)),
  );
  expect(rows.get(fresh!)).toMatchObject({ status: 'OPEN' });
  expect(rows.get(free!)).toMatchObject({ status: 'OPEN' });
  // Skips are not failures: no CopyFailed for them.
  expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([]);
});

it('a-stop-switch-or-pause-committed-while-a-fan-out-is-placed: no order of that follower after its commit', async () => {
  const followers = await following(1_000);
  const trade = sharedTrade(followers);
  // Batches of 25, each reaching the market 150 ms after it was claimed: the switches commit while some of their
  // followers' orders are on their way and others are still waiting to be claimed.
  world.placeDelayMs = 150;
  await publishTradeShared(suite.nc, trade);
  await expectEventually(() => expect(world.onTheirWay.size).toBeGreaterThan(0), { timeoutMs: 30_000 });
  const onTheirWay = [...world.onTheirWay];
  const waiting = followers.filter((userId) => !world.onTheirWay.has(userId)).slice(-40);
  const stopping = [...onTheirWay.slice(0, 10), ...waiting.slice(0, 20)];
  const pausing = [...onTheirWay.slice(10, 20), ...waiting.slice(20)];
  const committedAt = new Map<string, number>();
  const actor = (userId: string) => ({ requestId: randomUUID(), actor: devSignedActor({ userId, isAdmin: false }) });
  await Promise.all([
    ...stopping.map(async (userId) => {
      await suite.app.get(FollowerGuardsUseCase).stopAll({ ...actor(userId), payload: { userId } });
      committedAt.set(userId, Date.now());
    }),
    ...pausing.map(async (userId) => {
      await suite.app.get(TraceGuardsUseCase).pause({ ...actor(userId), payload: { userId, traceId: trade.traceId } });
      committedAt.set(userId, Date.now());
    }),
  ]);
  await suite.app.get(AutoCopyPlacer).drain();
  const rows = await settled(trade.id, 1_000);

  // Orders on their way when the switch was asked for went out before it committed (it waited for them).
  for (const userId of [...stopping, ...pausing])
    for (const [, order] of ordersOf(userId))
      expect(Date.parse(order.placedAt)).toBeLessThanOrEqual(committedAt.get(userId)!);
  for (const userId of onTheirWay.slice(0, 20)) expect(rows.get(userId)!.status).toBe('OPEN');
  // Copies still waiting were skipped with the switch's reason, and never sent.
  for (const userId of waiting) {
    expect(ordersOf(userId)).toEqual([]);
    expect([CopyTradeErrorCode.SKIPPED_STOPPED, CopyTradeErrorCode.SKIPPED_PAUSED]).toContain(
      rows.get(userId)!.failure_code,
    );
  }
  const switched = new Set([...stopping, ...pausing]);
  for (const userId of followers.filter((id) => !switched.has(id))) expect(rows.get(userId)!.status).toBe('OPEN');
  for (const [key, count] of world.placed) expect([key, count]).toEqual([key, 1]);
  // The switches' skips (by the switch, or by the worker's own check) are announced as skips, never as failures.
  expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([]);
});
