import { randomUUID } from 'node:crypto';
import {
  CopyTradeErrorCode,
  FOLLOWER_RESULTS_SERIES_WEEKS,
  TradeClosed,
  TradeShared,
  type EventEnvelope,
  type FollowerResultsFigures,
  type TraceFollowerResults,
  type TradeClosedV1,
  type TradeSharedV1,
} from '@copytrade/contracts';
import { loadConfig, OutboxWriter } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../src/config/copy-engine.config';
import { copyEngineDataSourceOptions } from '../../src/database/data-source';
import { AutoCopyCloseHandler } from '../../src/modules/auto-copy/auto-copy-close.handler';
import { AutoCopyFanoutHandler } from '../../src/modules/auto-copy/auto-copy-fanout.handler';
import { closeCopyRow } from '../../src/modules/copies/copy-instances.store';
import { FollowerResultsRecompute } from '../../src/modules/follower-results/follower-results-recompute';
import { FollowerResultsRefresh } from '../../src/modules/follower-results/follower-results-refresh';
import { computeFollowerResults } from '../../src/modules/follower-results/follower-results.query';
import { pendingChanges, storedFollowerResults } from '../../src/modules/follower-results/follower-results.store';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';

/**
 * Follower results (docs/follower-results.md) against real PostgreSQL with the real migrations: every figure of every
 * time frame and a week of the series checked against a fixture computed by hand (the tables under `fixture`); the
 * change log's triggers, the recompute loop and its event; the trade events' consumers keeping shared trades and the
 * trader's closes; the backfill of traces computed never.
 */
let database: TestDatabase;
let dataSource: DataSource;
let recompute: FollowerResultsRecompute;
let refresh: FollowerResultsRefresh;
const outbox = new OutboxWriter({ schema: 'copy_engine', producer: 'copy-engine' });

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const trace = randomUUID();
const users = Array.from({ length: 16 }, () => randomUUID());

interface Copy {
  trade: string;
  user: string;
  status: 'OPEN' | 'CLOSED' | 'FAILED' | 'PENDING';
  placement?: 'manual' | 'automatic';
  side?: 'buy' | 'sell';
  /** When the copy was decided (created_at), and the trader shared the trade. */
  sharedAt: Date;
  delayMs?: number;
  traderPrice: string;
  entry?: string;
  exit?: string;
  code?: string | null;
  isOptions?: boolean;
  origin?: 'shared' | 'open_position';
  traceId?: string;
}

async function addCopies(manager: EntityManager, copies: Copy[]): Promise<string[]> {
  const ids: string[] = [];
  for (const copy of copies) {
    const placed = copy.status === 'OPEN' || copy.status === 'CLOSED';
    const [row] = (await manager.query(
      `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
         trader_user_id, trace_name, trace_handle, placement, status, symbol, side, is_options, options_ticker,
         option_type, strike_price, expiration_date, contract_multiplier, quantity_requested, quantity_filled,
         entry_price, exit_price, brokerage_account_id, trader_price, trader_shared_at, filled_at, closed_at,
         failure_code, failure_reason, origin, created_at)
       VALUES ($1, $2, 'h', $3, $4, $5, 'T', '@t', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16, $17, $18,
               'acct', $19, $20, $21, $22, $23, $24, $25, $20)
       RETURNING id`,
      [
        copy.user,
        randomUUID(),
        copy.trade,
        copy.traceId ?? trace,
        randomUUID(),
        copy.placement ?? 'automatic',
        copy.status,
        copy.isOptions ? 'SPY' : 'AAPL',
        copy.side ?? 'buy',
        copy.isOptions ?? false,
        copy.isOptions ? 'SPY   270115C00500000' : null,
        copy.isOptions ? 'call' : null,
        copy.isOptions ? '500' : null,
        copy.isOptions ? '2027-01-15' : null,
        copy.isOptions ? 100 : 1,
        placed ? 1 : 0,
        placed ? copy.entry : null,
        copy.status === 'CLOSED' ? copy.exit : null,
        copy.traderPrice,
        copy.sharedAt,
        placed ? new Date(copy.sharedAt.getTime() + (copy.delayMs ?? 0)) : null,
        copy.status === 'CLOSED' ? new Date(copy.sharedAt.getTime() + DAY) : null,
        copy.status === 'FAILED' ? (copy.code ?? null) : null,
        copy.status === 'FAILED' ? 'why' : null,
        copy.origin ?? 'shared',
      ],
    )) as Array<{ id: string }>;
    ids.push(row!.id);
  }
  return ids;
}

async function addSharedTrade(manager: EntityManager, tradeId: string, sharedAt: Date, traceId = trace) {
  await manager.query(`INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at) VALUES ($1, $2, $3)`, [
    tradeId,
    traceId,
    sharedAt,
  ]);
}

async function addTraderClose(manager: EntityManager, tradeId: string, exitPrice: string) {
  await manager.query(
    `INSERT INTO copy_engine.trader_closes (trade_id, trace_id, exit_price, closed_at) VALUES ($1, $2, $3, now())`,
    [tradeId, trace, exitPrice],
  );
}

/**
 * The trace's trades (the trader's price → the trader's close: the trader's return, sells reversed):
 *   t1 buy   shared 5 d ago    100 → 110   +10 %
 *   t2 sell  shared 5 d ago     50 → 40    +20 %
 *   t3 option (call, ×100) shared 60 d ago, per share 2.00 → 3.00: +50 %
 *   t4 buy   shared 200 d ago   10, still open
 *   t5, t6   shared 10 d ago    no copy / a manual copy only; 8 more shared 100 d ago with no copy
 *
 * Copies (created when shared; delay = fill − share time):
 *  30 d — t1: 6 closed buys at 100 → 104…109 (returns 4…9), 2 open at 102 and 103 (slippage 2, 3);
 *         t2: 6 closed sells at 50 → 46…41 (returns 8, 10, …, 18), 1 open sell at 49 (slippage +2, reversed);
 *         delays 1 s … 15 s over those 15 placed copies; users u0…u7 (t1) and u0…u6 (t2): 8 followers;
 *         skipped: 3 automatic (paused, price moved, daily loss); not placed: market closed, above the maximum
 *         (automatic), a manual refusal; 1 pending (counted nowhere). t6: 1 manual open copy (u15, no figure but
 *         placed: it is created 10 d ago, so it is in 30 d too).
 *  90 d — t3: 4 closed option copies at 2.00 → 2.50, 2.20, 3.00, 1.50 (returns 25, 10, 50, −25), delays 16…19 s;
 *         1 open copy of the open position (u12: placed and a follower, never in delay or slippage); 1 skipped
 *         (share too old).
 *  all  — t4: 3 open at 10 (delays 20…22 s); 2 manual refusals.
 */
const t = {
  t1: randomUUID(),
  t2: randomUUID(),
  t3: randomUUID(),
  t4: randomUUID(),
  t5: randomUUID(),
  t6: randomUUID(),
};
const shared30 = daysAgo(5);
const shared10 = daysAgo(10);
const shared60 = daysAgo(60);
const shared200 = daysAgo(200);
let delay = 0;
const nextDelay = () => (delay += 1000);
const fixture: Copy[] = [
  ...[104, 105, 106, 107, 108, 109].map((exit, i): Copy => ({
    trade: t.t1,
    user: users[i]!,
    status: 'CLOSED',
    sharedAt: shared30,
    delayMs: nextDelay(),
    traderPrice: '100',
    entry: '100',
    exit: String(exit),
  })),
  {
    trade: t.t1,
    user: users[6]!,
    status: 'OPEN',
    sharedAt: shared30,
    delayMs: nextDelay(),
    traderPrice: '100',
    entry: '102',
  },
  {
    trade: t.t1,
    user: users[7]!,
    status: 'OPEN',
    sharedAt: shared30,
    delayMs: nextDelay(),
    traderPrice: '100',
    entry: '103',
  },
  ...[46, 45, 44, 43, 42, 41].map((exit, i): Copy => ({
    trade: t.t2,
    user: users[i]!,
    status: 'CLOSED',
    side: 'sell',
    sharedAt: shared30,
    delayMs: nextDelay(),
    traderPrice: '50',
    entry: '50',
    exit: String(exit),
  })),
  {
    trade: t.t2,
    user: users[6]!,
    status: 'OPEN',
    side: 'sell',
    sharedAt: shared30,
    delayMs: nextDelay(),
    traderPrice: '50',
    entry: '49',
  },
  ...[
    CopyTradeErrorCode.SKIPPED_PAUSED,
    CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    CopyTradeErrorCode.SKIPPED_DAILY_LOSS,
  ].map((code, i): Copy => ({
    trade: t.t1,
    user: users[8 + i]!,
    status: 'FAILED',
    sharedAt: shared30,
    traderPrice: '100',
    code,
  })),
  { trade: t.t1, user: users[11]!, status: 'FAILED', sharedAt: shared30, traderPrice: '100', code: 'MARKET_CLOSED' },
  {
    trade: t.t2,
    user: users[11]!,
    status: 'FAILED',
    sharedAt: shared30,
    traderPrice: '50',
    code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
  },
  { trade: t.t2, user: users[12]!, status: 'FAILED', placement: 'manual', sharedAt: shared30, traderPrice: '50' },
  { trade: t.t1, user: users[13]!, status: 'PENDING', sharedAt: shared30, traderPrice: '100' },
  ...[
    ['2.50', 16_000],
    ['2.20', 17_000],
    ['3.00', 18_000],
    ['1.50', 19_000],
  ].map(([exit, delayMs], i): Copy => ({
    trade: t.t3,
    user: users[8 + i]!,
    status: 'CLOSED',
    sharedAt: shared60,
    delayMs: delayMs as number,
    traderPrice: '2.00',
    entry: '2.00',
    exit: exit as string,
    isOptions: true,
  })),
  {
    trade: t.t3,
    user: users[12]!,
    status: 'OPEN',
    sharedAt: shared60,
    delayMs: 100,
    traderPrice: '2.00',
    entry: '2.80',
    isOptions: true,
    origin: 'open_position',
  },
  {
    trade: t.t3,
    user: users[13]!,
    status: 'FAILED',
    sharedAt: shared60,
    traderPrice: '2.00',
    code: CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD,
  },
  ...[20_000, 21_000, 22_000].map((delayMs, i): Copy => ({
    trade: t.t4,
    user: [users[13]!, users[14]!, users[0]!][i]!,
    status: 'OPEN',
    sharedAt: shared200,
    delayMs,
    traderPrice: '10',
    entry: '10',
  })),
  ...[0, 1].map((i): Copy => ({
    trade: t.t4,
    user: users[i]!,
    status: 'FAILED',
    placement: 'manual',
    sharedAt: shared200,
    traderPrice: '10',
    code: 'INSUFFICIENT_BUYING_POWER',
  })),
];

const figures = (results: Pick<TraceFollowerResults, 'windows'>, window: FollowerResultsFigures['window']) =>
  results.windows.find((figure) => figure.window === window)!;

/** The Monday (UTC) of a moment's week, as the series names it. */
function mondayOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  database = await createTestDatabase('follower_results');
  await runCopyEngineMigrations(database.url);
  dataSource = new DataSource(copyEngineDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  const config = loadConfig(CopyEngineConfig, {
    DATABASE_URL: database.url,
    NATS_URL: 'nats://127.0.0.1:4222',
    NODE_ENV: 'test',
    FOLLOWER_RESULTS_POLL_MS: '0',
    FOLLOWER_RESULTS_REFRESH_MS: '0',
  });
  recompute = new FollowerResultsRecompute(dataSource, outbox, config);
  refresh = new FollowerResultsRefresh(dataSource, recompute, config);
  await dataSource.transaction(async (manager) => {
    await addCopies(manager, fixture);
    // t6: only a manual copy, placed (0.5 s, no slippage), so it is shared but not copied automatically.
    await addCopies(manager, [
      {
        trade: t.t6,
        user: users[15]!,
        status: 'OPEN',
        placement: 'manual',
        sharedAt: shared10,
        delayMs: 500,
        traderPrice: '20',
        entry: '20',
      },
    ]);
    for (const [trade, at] of [
      [t.t1, shared30],
      [t.t2, shared30],
      [t.t3, shared60],
      [t.t4, shared200],
      [t.t5, shared10],
      [t.t6, shared10],
    ] as const)
      await addSharedTrade(manager, trade, at);
    for (let i = 0; i < 8; i += 1) await addSharedTrade(manager, randomUUID(), daysAgo(100));
    await addTraderClose(manager, t.t1, '110');
    await addTraderClose(manager, t.t2, '40');
    await addTraderClose(manager, t.t3, '3.00');
  });
}, 60_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('the figures of each time frame (hand-computed)', () => {
  let results: TraceFollowerResults;
  beforeAll(async () => {
    results = await computeFollowerResults(dataSource.manager, trace);
  });

  it('30 days: counts, fill rate, both returns (sells reversed), delay, slippage; too few shared trades', () => {
    // Placed 15 (t1 8, t2 7) + the manual copy of t6 = 16; delays 1…15 s and 0.5 s; slippages 12 × 0, 2, 3, 2
    // (the open sell at 49 against 50, reversed) and 0.
    expect(figures(results, '30d')).toEqual({
      window: '30d',
      followers: 9, // u0…u7 and u15
      copiesPlaced: 16,
      copiesSkipped: 3,
      copiesNotPlaced: 3,
      fillRate: 84.21, // 16 / 19
      closedCopies: 12,
      // 4 5 6 7 8 8 9 10 12 14 16 18: median (8 + 9) / 2; p90 at 9.9: 14 + 0.9 × 2
      followerReturnMedian: 8.5,
      followerReturnP90: 15.8,
      traderReturnMedian: 15, // six +10 (t1) and six +20 (t2, a sell)
      // 0.5 s, 1…15 s: median the 8.5th → 7.5 s; p95 at 15 × 0.95 = 14.25: 14 s + 0.25 s
      delayMedianMs: 7_500,
      delayP95Ms: 14_250,
      // 13 × 0, 2, 2, 3: median 0; p95 at 15 × 0.95 = 14.25: 2 + 0.25 × 1
      slippageMedian: 0,
      slippageP95: 2.25,
      autoCopiedShare: null, // 4 shared trades (t1, t2, t5, t6): below 10
      sharedTrades: 4,
    });
  });

  it('90 days: the option copies (per share: the multiplier cancels out), the open position and one more skip', () => {
    expect(figures(results, '90d')).toEqual({
      window: '90d',
      followers: 14, // u0…u12 and u15
      copiesPlaced: 21,
      copiesSkipped: 4,
      copiesNotPlaced: 3,
      fillRate: 87.5, // 21 / 24
      closedCopies: 16,
      // −25 4 5 6 7 8 8 9 10 10 12 14 16 18 25 50: median (9 + 10) / 2; p90 at 13.5: 18 + 0.5 × 7
      followerReturnMedian: 9.5,
      followerReturnP90: 21.5,
      traderReturnMedian: 20, // 6 × 10, 6 × 20, 4 × 50
      // 0.5 s, 1…19 s (20 values; the open position's none): median (9 + 10) / 2 s; p95 at 18.05: 18 s + 0.05 s
      delayMedianMs: 9_500,
      delayP95Ms: 18_050,
      // 17 × 0, 2, 2, 3: median 0; p95 at 19 × 0.95 = 18.05: 2 + 0.05 × 1
      slippageMedian: 0,
      slippageP95: 2.05,
      autoCopiedShare: null, // t1, t2, t3, t5, t6: 5
      sharedTrades: 5,
    });
  });

  it('all: the old trade and its refusals; the auto-copied share of 14 shared trades', () => {
    expect(figures(results, 'all')).toEqual({
      window: 'all',
      followers: 16, // u0…u15
      copiesPlaced: 24,
      copiesSkipped: 4,
      copiesNotPlaced: 5,
      fillRate: 82.76, // 24 / 29
      closedCopies: 16,
      followerReturnMedian: 9.5,
      followerReturnP90: 21.5,
      traderReturnMedian: 20,
      // 0.5 s, 1…22 s (23 values): median the 12th → 11 s; p95 at 22 × 0.95 = 20.9: 20 s + 0.9 s
      delayMedianMs: 11_000,
      delayP95Ms: 20_900,
      // 20 × 0, 2, 2, 3: median 0; p95 at 20.9: 2 + 0.9 × 0
      slippageMedian: 0,
      slippageP95: 2,
      autoCopiedShare: 28.57, // t1, t2, t3, t4 of 14
      sharedTrades: 14,
    });
  });

  it('the weekly series: 26 Mondays oldest first, zeros where nothing, the week of the 30-day copies', () => {
    expect(results.windows.map((figure) => figure.window)).toEqual(['30d', '90d', 'all']);
    expect(results.weekly).toHaveLength(FOLLOWER_RESULTS_SERIES_WEEKS);
    const thisMonday = mondayOf(new Date(now));
    expect(results.weekly.at(-1)!.weekStart).toBe(thisMonday);
    const firstMonday = new Date(`${thisMonday}T00:00:00Z`);
    firstMonday.setUTCDate(firstMonday.getUTCDate() - 7 * (FOLLOWER_RESULTS_SERIES_WEEKS - 1));
    expect(results.weekly[0]!.weekStart).toBe(firstMonday.toISOString().slice(0, 10));
    const week = results.weekly.find((entry) => entry.weekStart === mondayOf(shared30))!;
    // t6's manual copy (10 days ago) falls in the same week on some days of the week.
    const sameWeek = mondayOf(shared10) === mondayOf(shared30);
    expect(week).toEqual({
      weekStart: mondayOf(shared30),
      copiesPlaced: 15 + (sameWeek ? 1 : 0),
      copiesNotPlaced: 3,
      followerReturnMedian: 8.5,
      traderReturnMedian: 15,
      slippageMedian: 0,
    });
    // The option week: 5 placed, 4 returns — below the minimum.
    expect(results.weekly.find((entry) => entry.weekStart === mondayOf(shared60))).toEqual({
      weekStart: mondayOf(shared60),
      copiesPlaced: 5,
      copiesNotPlaced: 0,
      followerReturnMedian: null,
      traderReturnMedian: null,
      slippageMedian: null,
    });
    const busy = new Set([mondayOf(shared30), mondayOf(shared60), mondayOf(shared10)]);
    for (const entry of results.weekly.filter((candidate) => !busy.has(candidate.weekStart)))
      expect(entry).toMatchObject({ copiesPlaced: 0, copiesNotPlaced: 0, followerReturnMedian: null });
  });

  it('a trace with a few copies: counts, and every figure of too small a population null', async () => {
    const few = randomUUID();
    await addCopies(
      dataSource.manager,
      [0, 1, 2].map((i) => ({
        trade: randomUUID(),
        traceId: few,
        user: users[i]!,
        status: 'CLOSED',
        sharedAt: daysAgo(1),
        delayMs: 1000,
        traderPrice: '10',
        entry: '10',
        exit: '11',
      })),
    );
    const result = await computeFollowerResults(dataSource.manager, few);
    for (const window of result.windows)
      expect(window).toMatchObject({
        followers: 3,
        copiesPlaced: 3,
        closedCopies: 0, // the trader has not closed those trades (no close known)
        fillRate: null,
        followerReturnMedian: null,
        followerReturnP90: null,
        traderReturnMedian: null,
        delayMedianMs: null,
        delayP95Ms: null,
        slippageMedian: null,
        slippageP95: null,
        autoCopiedShare: null,
        sharedTrades: 0,
      });
  });
});

/** The trace's TraceFollowerResultsComputed rows in the outbox, oldest first. */
async function resultEvents(traceId: string): Promise<Array<{ version: number; data: TraceFollowerResults }>> {
  const rows = (await dataSource.query(
    `SELECT aggregate_version::int AS version, envelope->'data' AS data FROM copy_engine.outbox
      WHERE aggregate_id = $1 AND envelope->>'type' = 'TraceFollowerResultsComputed' ORDER BY aggregate_version`,
    [`trace-results:${traceId}`],
  )) as Array<{ version: number; data: TraceFollowerResults }>;
  return rows;
}

describe('kept current: change log → recompute → event', () => {
  beforeAll(async () => {
    // The fixture's statements marked the traces changed; a pass computes them and empties the log.
    while ((await pendingChanges(dataSource.manager)) > 0) await recompute.pass();
  });

  it('the first computation is stored and announced, and consumes the log rows', async () => {
    expect(await pendingChanges(dataSource.manager)).toBe(0);
    const events = await resultEvents(trace);
    expect(events).toHaveLength(1);
    expect(figures(events[0]!.data, 'all')).toMatchObject({ copiesPlaced: 24, autoCopiedShare: 28.57 });
    expect(events[0]!.data.weekly).toHaveLength(FOLLOWER_RESULTS_SERIES_WEEKS);
    const stored = await storedFollowerResults(dataSource.manager, trace);
    expect(stored!.figures.windows).toEqual(events[0]!.data.windows);
  });

  it('bookkeeping updates of a copy (a lease, a quote) mark nothing; the same figures again are not announced', async () => {
    await dataSource.query(
      `UPDATE copy_engine.copy_instances SET in_flight_until = now(), current_price = 1, attempts = attempts + 1
        WHERE trace_id = $1`,
      [trace],
    );
    expect(await pendingChanges(dataSource.manager)).toBe(0);
    await recompute.recompute(trace);
    expect(await resultEvents(trace)).toHaveLength(1);
  });

  it('a copy closing shows in a new TraceFollowerResultsComputed within a second, through the running loop', async () => {
    const loopConfig = loadConfig(CopyEngineConfig, {
      DATABASE_URL: database.url,
      NATS_URL: 'nats://127.0.0.1:4222',
      NODE_ENV: 'test',
      FOLLOWER_RESULTS_POLL_MS: '200',
    });
    const loop = new FollowerResultsRecompute(dataSource, outbox, loopConfig);
    loop.onApplicationBootstrap();
    try {
      // t1's open copy at 102 (u6) sold at 112.2: +10 %, a 13th closed copy in 30 d.
      const [open] = (await dataSource.query(
        `SELECT id FROM copy_engine.copy_instances WHERE trace_id = $1 AND original_trade_id = $2 AND status = 'OPEN'
            AND entry_price = 102`,
        [trace, t.t1],
      )) as Array<{ id: string }>;
      const before = (await resultEvents(trace)).length;
      await dataSource.transaction((manager) =>
        closeCopyRow(manager, open!.id, {
          exitPrice: '112.2',
          realizedPnl: '10.2',
          sellOrderId: null,
          clientExitPrice: null,
          closedAt: new Date(),
        }),
      );
      const committedAt = Date.now();
      let events = await resultEvents(trace);
      while (events.length === before && Date.now() - committedAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        events = await resultEvents(trace);
      }
      const elapsed = Date.now() - committedAt;
      expect(events).toHaveLength(before + 1);
      expect(elapsed).toBeLessThan(1_000);
      // 4 5 6 7 8 8 9 10 10 12 14 16 18: median 9; closed 13.
      expect(figures(events.at(-1)!.data, '30d')).toMatchObject({ closedCopies: 13, followerReturnMedian: 9 });
      expect(events.at(-1)!.version).toBe(events.at(-2)!.version + 1);
    } finally {
      await loop.onApplicationShutdown();
    }
    expect(await pendingChanges(dataSource.manager)).toBe(0);
  });

  it('deletes exactly the rows it read: a change committed late (a lower id) survives the pass and is computed next', async () => {
    const late = dataSource.createQueryRunner();
    await late.connect();
    await late.startTransaction();
    try {
      // The late transaction takes its log id first, then commits after a pass has run.
      await addCopies(late.manager, [
        {
          trade: t.t5,
          user: users[1]!,
          status: 'OPEN',
          sharedAt: daysAgo(1),
          delayMs: 10,
          traderPrice: '5',
          entry: '5',
        },
      ]);
      await addCopies(dataSource.manager, [
        { trade: t.t5, user: users[2]!, status: 'FAILED', sharedAt: daysAgo(1), traderPrice: '5', code: 'X' },
      ]);
      await dataSource.query(`UPDATE copy_engine.follower_results SET computed_at = computed_at - interval '1 hour'`);
      await recompute.pass();
      expect(await pendingChanges(dataSource.manager)).toBe(0); // the uncommitted row is not visible yet
      await late.commitTransaction();
    } finally {
      await late.release();
    }
    expect(await pendingChanges(dataSource.manager)).toBe(1);
    const before = await resultEvents(trace);
    await dataSource.query(`UPDATE copy_engine.follower_results SET computed_at = computed_at - interval '1 hour'`);
    await recompute.pass();
    expect(await pendingChanges(dataSource.manager)).toBe(0);
    const after = await resultEvents(trace);
    expect(after).toHaveLength(before.length + 1);
    expect(figures(after.at(-1)!.data, '30d').copiesPlaced).toBe(figures(before.at(-1)!.data, '30d').copiesPlaced + 1);
  });

  it('the log does not grow: 50 changes of one trace are consumed by one recompute, at most one per interval', async () => {
    for (let i = 0; i < 50; i += 1)
      await dataSource.query(
        `UPDATE copy_engine.copy_instances SET filled_at = filled_at + interval '1 ms'
          WHERE id = (SELECT id FROM copy_engine.copy_instances WHERE trace_id = $1 AND status = 'OPEN' LIMIT 1)`,
        [trace],
      );
    expect(await pendingChanges(dataSource.manager)).toBe(50);
    // Computed less than FOLLOWER_RESULTS_MIN_INTERVAL_MS ago: its rows wait.
    await dataSource.query(`UPDATE copy_engine.follower_results SET computed_at = now()`);
    expect(await recompute.pass()).toEqual({ due: 0, recomputed: 0 });
    expect(await pendingChanges(dataSource.manager)).toBe(50);
    await dataSource.query(`UPDATE copy_engine.follower_results SET computed_at = computed_at - interval '1 hour'`);
    expect(await recompute.pass()).toEqual({ due: 1, recomputed: 1 });
    expect(await pendingChanges(dataSource.manager)).toBe(0);
  });

  it('a trace being computed elsewhere (its lock held) is left, with its rows, to the next pass', async () => {
    await dataSource.query(`UPDATE copy_engine.copy_instances SET trader_price = trader_price WHERE trace_id = $1`, [
      trace,
    ]);
    await dataSource.query(
      `UPDATE copy_engine.copy_instances SET filled_at = filled_at + interval '1 ms'
        WHERE id = (SELECT id FROM copy_engine.copy_instances WHERE trace_id = $1 AND status = 'OPEN' LIMIT 1)`,
      [trace],
    );
    await dataSource.query(`UPDATE copy_engine.follower_results SET computed_at = computed_at - interval '1 hour'`);
    const other = dataSource.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    try {
      await other.query(`SELECT pg_advisory_xact_lock(hashtextextended('follower-results:' || $1::text, 0))`, [trace]);
      expect(await recompute.pass()).toEqual({ due: 1, recomputed: 0 });
      expect(await pendingChanges(dataSource.manager)).toBe(1);
    } finally {
      await other.rollbackTransaction();
      await other.release();
    }
    expect(await recompute.pass()).toEqual({ due: 1, recomputed: 1 });
    expect(await pendingChanges(dataSource.manager)).toBe(0);
  });
});

describe('the trade events keep shared trades and the trader closes', () => {
  const envelope = <T>(type: string, data: T): EventEnvelope<T> => ({
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'traces',
    correlationId: randomUUID(),
    aggregateId: `trade:${randomUUID()}`,
    aggregateVersion: 1,
    data,
  });
  const tradeFields = (tradeId: string, traceId: string) => ({
    tradeId,
    traceId,
    ownerUserId: randomUUID(),
    symbol: 'SPY',
    side: 'buy' as const,
    quantity: '1',
    entryPrice: '2.5',
    optionsTicker: 'SPY   270115C00500000',
    optionType: 'call' as const,
    strikePrice: '500',
    expirationDate: '2027-01-15',
    contractMultiplier: 100,
  });

  it('TradeShared: the share is recorded in the event transaction (even when nothing is copied), and marks the trace', async () => {
    const traceId = randomUUID();
    const tradeId = randomUUID();
    const fanout = new AutoCopyFanoutHandler(
      {} as never,
      { request: async () => ({ copyable: false, trade: null, userIds: [], nextCursor: null }) } as never,
      dataSource,
      { kick: () => undefined } as never,
      { AUTO_COPY_MAX_SHARE_AGE_MS: 15 * 60_000 } as never,
      {} as never,
      outbox,
      {} as never,
    );
    const sharedAt = new Date(Date.now() - 1_000).toISOString();
    const event = envelope<TradeSharedV1>(TradeShared.type, {
      ...tradeFields(tradeId, traceId),
      isOptions: true,
      requiredTier: 'premium' as TradeSharedV1['requiredTier'],
      strategy: '',
      confidence: '',
      notes: null,
      sharedAt,
    });
    await dataSource.transaction((manager) => fanout.apply(event, manager));
    await dataSource.transaction((manager) => fanout.apply(event, manager)); // a redelivery adds nothing
    expect(
      await dataSource.query(`SELECT trace_id, shared_at FROM copy_engine.shared_trades WHERE trade_id = $1`, [
        tradeId,
      ]),
    ).toEqual([{ trace_id: traceId, shared_at: new Date(sharedAt) }]);
    while ((await pendingChanges(dataSource.manager)) > 0) await recompute.pass();
    const events = await resultEvents(traceId);
    expect(figures(events.at(-1)!.data, '30d').sharedTrades).toBe(1);
  });

  it('TradeClosed: the trader’s exit price per share, kept for shared trades and for trades with copies only', async () => {
    const handler = new AutoCopyCloseHandler({} as never, { kick: () => undefined } as never, outbox);
    const shared = randomUUID();
    const unshared = randomUUID();
    const close = (tradeId: string, isShared: boolean) =>
      envelope<TradeClosedV1>(TradeClosed.type, {
        ...tradeFields(tradeId, trace),
        exitPrice: '3.25',
        realizedPnl: '75',
        reason: 'sold',
        isShared,
        brokerageOrderId: null,
        closedAt: new Date().toISOString(),
      });
    await dataSource.transaction((manager) => handler.apply(close(shared, true), manager));
    await dataSource.transaction((manager) => handler.apply(close(unshared, false), manager));
    expect(
      await dataSource.query(
        `SELECT trade_id, exit_price FROM copy_engine.trader_closes WHERE trade_id = ANY($1::uuid[])`,
        [[shared, unshared]],
      ),
    ).toEqual([{ trade_id: shared, exit_price: '3.25' }]);
  });
});

describe('the backfill', () => {
  it('gives figures to a trace with copies and none computed (copies recorded before follower results existed)', async () => {
    const old = randomUUID();
    await addCopies(dataSource.manager, [
      {
        trade: randomUUID(),
        traceId: old,
        user: users[0]!,
        status: 'OPEN',
        sharedAt: daysAgo(3),
        traderPrice: '1',
        entry: '1',
      },
    ]);
    // As if recorded before the triggers: no change logged.
    await dataSource.query(`DELETE FROM copy_engine.follower_results_changes`);
    expect(await storedFollowerResults(dataSource.manager, old)).toBeNull();
    await refresh.drain();
    const stored = await storedFollowerResults(dataSource.manager, old);
    expect(figures(stored!.figures, 'all')).toMatchObject({ copiesPlaced: 1, followers: 1 });
    expect(await resultEvents(old)).toHaveLength(1);
  });

  it('recomputes figures older than a day (the time frames moved), and only those', async () => {
    await dataSource.query(
      `UPDATE copy_engine.follower_results SET computed_at = now() - interval '25 hours' WHERE trace_id = $1`,
      [trace],
    );
    const before = (await storedFollowerResults(dataSource.manager, trace))!.computedAt;
    expect(await refresh.refreshBatch()).toBe(1);
    expect((await storedFollowerResults(dataSource.manager, trace))!.computedAt.getTime()).toBeGreaterThan(
      before.getTime(),
    );
    expect(await refresh.refreshBatch()).toBe(0);
  });
});
