/**
 * One pass of the copy stop-loss (goal: 100,000 open copies over 10,000 (follower, trace) pairs valued in
 * ≤ 1 s). The copy engine's built store and evaluator on a fresh database with its real migrations: 5,000 followers
 * with a stop-loss (5–50 %) on 2 traces each, 10 open copies a pair (250 stocks and 50 options by OCC ticker, buys
 * and sells, 1 copy in 10 partly sold), seeded in SQL. The quotes are given in-process (what the brokerage's
 * marketQuotes answers is not measured here), most symbols a little down, two crashed, so some pairs fire. Every
 * follower also has a daily loss limit, and half the copies were filled two days ago (held from an earlier day, so
 * the pass marks their start of day).
 * Measured: the statements of a pass — the watched symbols (and a few holders), and the breached pairs at those
 * quotes; the daily loss limit's symbols, start-of-day marks (the day's first pass writes them, later ones find
 * them) and breaches — several times (p50 / max), one after the other and two at a time as the evaluator reads them
 * (the goal's figure), beside a plain scan of the copies; then one whole pass of the evaluator that fires the breached
 * pairs and stops the followers past their limit (each its own transaction).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx tools/bench/src/stop-loss-pass.bench.ts [pairs=10000] [copiesPerPair=10] [rounds=5]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { OutboxWriter, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { percentile, timed } from './support/latency';

const PAIRS = Number(process.argv[2] ?? 10_000);
const COPIES_PER_PAIR = Number(process.argv[3] ?? 10);
const ROUNDS = Number(process.argv[4] ?? 5);
const STOCKS = 250;
const OPTIONS = 50;
const GOAL_MS = 1_000;

/** The built copy engine's modules (npm run build), loaded at run time as the service runs them. */
function builtCopyEngine() {
  const dist = join(__dirname, '..', '..', '..', 'apps/copy-engine/dist');
  /* eslint-disable @typescript-eslint/no-require-imports -- the built service's modules, loaded at run time */
  const { copyEngineDataSourceOptions, COPY_ENGINE_SCHEMA } = require(join(dist, 'database/data-source.js'));
  const store = require(join(dist, 'modules/copy-stop-loss/stop-loss.store.js'));
  const dailyLoss = require(join(dist, 'modules/copy-stop-loss/daily-loss.store.js'));
  const { usTradingDayOf, usTradingDayStart } = require('@copytrade/nest');
  const { StopLossEvaluator } = require(join(dist, 'modules/copy-stop-loss/stop-loss-evaluator.js'));
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    dataSourceOptions: copyEngineDataSourceOptions as (
      url: string,
    ) => DataSourceOptions & { url: string; schema: string },
    schema: COPY_ENGINE_SCHEMA as string,
    watchedSymbols: store.watchedSymbols as (manager: EntityManager) => Promise<Watched>,
    breachedPairs: store.breachedPairs as (manager: EntityManager, quotes: Map<string, string>) => Promise<unknown[]>,
    dailyLossSymbols: dailyLoss.dailyLossSymbols as (manager: EntityManager, day: string) => Promise<Watched>,
    dailyLossOf: dailyLoss.dailyLossOf as (
      manager: EntityManager,
      quotes: Map<string, string>,
      day: string,
      dayStart: Date,
    ) => Promise<{ breaches: unknown[]; unmarked: string[] }>,
    markStartOfDay: dailyLoss.markStartOfDay as (
      manager: EntityManager,
      quotes: Map<string, string>,
      day: string,
      dayStart: Date,
      userIds: string[],
    ) => Promise<number>,
    usTradingDayOf: usTradingDayOf as (at: Date) => string,
    usTradingDayStart: usTradingDayStart as (day: string) => Date,
    StopLossEvaluator,
  };
}

/** What the pass quotes (the store's WatchedSymbols). */
interface Watched {
  symbols: string[];
  userIds: string[];
}

const symbolOf = (index: number) =>
  index < STOCKS ? `S${String(index).padStart(3, '0')}` : `O${String(index).padStart(3, '0')}260116C00100000`;

/**
 * Pairs, their copies (entry 100, 10 shares or 1 contract; every other one filled two days ago), a partial sell of
 * every tenth, and every follower's daily loss limit ($4,000: holders of a crashed option bought today pass it).
 */
async function seed(manager: EntityManager): Promise<void> {
  const followers = Math.ceil(PAIRS / 2);
  await manager.query(
    `CREATE TEMP TABLE bench_pairs AS
     SELECT gen_random_uuid() AS user_id, gen_random_uuid() AS trace_id, n
       FROM generate_series(1, $1::int) AS n`,
    [PAIRS],
  );
  // Two traces per follower: pairs 2k-1 and 2k share a user.
  await manager.query(
    `UPDATE bench_pairs b SET user_id = first.user_id
       FROM bench_pairs first WHERE b.n % 2 = 0 AND first.n = b.n - 1`,
  );
  await manager.query(
    `INSERT INTO copy_engine.trace_guards (user_id, trace_id, stop_loss_percent)
     SELECT user_id, trace_id, 5 + (n % 46) FROM bench_pairs`,
  );
  await manager.query(
    `INSERT INTO copy_engine.follower_guards (user_id, daily_loss_limit) SELECT DISTINCT user_id, 4000 FROM bench_pairs`,
  );
  await manager.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
        trader_user_id, trace_name, trace_handle, placement, status, symbol, side, is_options, options_ticker,
        option_type, contract_multiplier, quantity_requested, quantity_filled, entry_price, copy_amount,
        brokerage_account_id, trader_price, filled_at)
     SELECT p.user_id, 'bench-' || p.n::text || '-' || c::text, 'hash', gen_random_uuid(), p.trace_id, gen_random_uuid(), 'Bench',
            '@bench', CASE WHEN c % 3 = 0 THEN 'manual' ELSE 'automatic' END, 'OPEN',
            CASE WHEN s.i < $2::int THEN s.sym ELSE 'AAPL' END, CASE WHEN c % 7 = 0 THEN 'sell' ELSE 'buy' END,
            s.i >= $2::int, CASE WHEN s.i >= $2::int THEN s.sym END, CASE WHEN s.i >= $2::int THEN 'call' END,
            CASE WHEN s.i >= $2::int THEN 100 ELSE 1 END, CASE WHEN s.i >= $2::int THEN 1 ELSE 10 END,
            CASE WHEN s.i >= $2::int THEN 1 ELSE 10 END, 100, 1000, 'acct-' || left(p.user_id::text, 8), 100,
            CASE WHEN c % 2 = 0 THEN now() - interval '2 days' ELSE now() END
       FROM bench_pairs p
       CROSS JOIN generate_series(1, $1::int) AS c
       CROSS JOIN LATERAL (SELECT (p.n * 7 + c * 13) % ($2::int + $3::int) AS i) pick
       CROSS JOIN LATERAL (SELECT pick.i AS i,
                                  CASE WHEN pick.i < $2::int THEN 'S' || lpad(pick.i::text, 3, '0')
                                       ELSE 'O' || lpad(pick.i::text, 3, '0') || '260116C00100000' END AS sym) s`,
    [COPIES_PER_PAIR, STOCKS, OPTIONS],
  );
  await manager.query(
    `INSERT INTO copy_engine.copy_sells (user_id, request_id, copy_id, brokerage_account_id, quantity, status,
        filled_quantity, fill_price, filled_at)
     SELECT user_id, 'bench-sell-' || id, id, brokerage_account_id, 1, 'FILLED', 1, 101, now()
       FROM copy_engine.copy_instances WHERE right(request_id, 1) = '0' AND NOT is_options`,
  );
  await manager.query(`ANALYZE`);
  console.log(`seeded ${PAIRS} pairs (${followers} followers), ${PAIRS * COPIES_PER_PAIR} open copies`);
}

/** Most symbols 3 % down, every 10th option 40 % down, two stocks crashed to 40. */
function quotesOf({ symbols }: Watched): Map<string, string> {
  const crashed = new Set([symbolOf(0), symbolOf(1)]);
  return new Map(
    symbols.map((symbol, index) => [
      symbol,
      crashed.has(symbol) ? '40' : symbol.startsWith('O') && index % 10 === 0 ? '60' : '97',
    ]),
  );
}

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  const engine = builtCopyEngine();
  const database = await createTestDatabase('bench_stop_loss');
  const options = engine.dataSourceOptions(database.url);
  await runServiceMigrations(options);
  const dataSource = new DataSource({ ...options, poolSize: 4 } as DataSourceOptions);
  await dataSource.initialize();
  try {
    await seed(dataSource.manager);
    const symbolTimes: number[] = [];
    const breachTimes: number[] = [];
    let breached = 0;
    let symbols: Watched = { symbols: [], userIds: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const [watched, symbolMs] = await timed(() => engine.watchedSymbols(dataSource.manager));
      symbols = watched;
      const [pairs, breachMs] = await timed(() => engine.breachedPairs(dataSource.manager, quotesOf(symbols)));
      breached = pairs.length;
      symbolTimes.push(symbolMs);
      breachTimes.push(breachMs);
    }
    const day = engine.usTradingDayOf(new Date());
    const dayStart = engine.usTradingDayStart(day);
    const dailyTimes: number[] = [];
    const markTimes: number[] = [];
    let marked = 0;
    let overLimit = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const [limited, dailySymbolMs] = await timed(() => engine.dailyLossSymbols(dataSource.manager, day));
      const quotes = quotesOf(limited);
      const [daily, dailyMs] = await timed(() => engine.dailyLossOf(dataSource.manager, quotes, day, dayStart));
      // The day's first pass marks the copies held from an earlier day; later ones find nothing to mark.
      const [markedNow, markMs] =
        daily.unmarked.length > 0
          ? await timed(() => engine.markStartOfDay(dataSource.manager, quotes, day, dayStart, daily.unmarked))
          : [0, 0];
      marked += markedNow;
      overLimit = daily.breaches.length;
      markTimes.push(markMs);
      dailyTimes.push(dailySymbolMs + dailyMs + markMs);
    }
    const totals = symbolTimes.map((ms, index) => ms + breachTimes[index]! + dailyTimes[index]!);
    // As the evaluator reads: both guards' symbols at once, then both guards' breaches at once (marks already written).
    const concurrentTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [[watched, limited], symbolsMs] = await timed(() =>
        Promise.all([engine.watchedSymbols(dataSource.manager), engine.dailyLossSymbols(dataSource.manager, day)]),
      );
      const quotes = quotesOf({ symbols: [...new Set([...watched.symbols, ...limited.symbols])], userIds: [] });
      const [, breachesMs] = await timed(() =>
        Promise.all([
          engine.breachedPairs(dataSource.manager, quotes),
          engine.dailyLossOf(dataSource.manager, quotes, day, dayStart),
        ]),
      );
      concurrentTimes.push(symbolsMs + breachesMs);
    }
    // PostgreSQL's own plain pass over the same copies, so the figures read as a multiple of it on a busy machine.
    const scanTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1)
      scanTimes.push(
        (
          await timed(() =>
            dataSource.query(
              `SELECT sum(entry_price * quantity_filled) FROM copy_engine.copy_instances WHERE status = 'OPEN'`,
            ),
          )
        )[1],
      );
    const fmt = (samples: number[]) =>
      `p50 ${percentile(samples, 50).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms`;
    console.log(`watched symbols: ${symbols.symbols.length} (${fmt(symbolTimes)})`);
    console.log(`breached pairs: ${breached} of ${PAIRS} (${fmt(breachTimes)})`);
    const marking = `the day's first pass marked ${marked} copies in ${markTimes[0]!.toFixed(0)} ms`;
    console.log(
      `daily loss limit: ${marking}, ${overLimit} of ${Math.ceil(PAIRS / 2)} followers over their limit; ` +
        `its statements ${fmt(dailyTimes)}`,
    );
    console.log(`the pass's five statements over ${PAIRS * COPIES_PER_PAIR} open copies: ${fmt(totals)}`);
    console.log(`the same read as the evaluator does (two at a time): ${fmt(concurrentTimes)}`);
    console.log(
      `baseline, one plain scan of the copies: ${fmt(scanTimes)}; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')}`,
    );

    const evaluator = new engine.StopLossEvaluator(
      dataSource,
      new OutboxWriter({ schema: engine.schema, producer: 'copy-engine' }),
      { pricesOf: async (watched: Watched) => quotesOf(watched) },
      { kick: () => undefined },
      { COPY_STOP_LOSS_INTERVAL_MS: 0 },
    );
    const [result, passMs] = await timed(
      () => evaluator.pass() as Promise<{ triggered: Array<{ copyIds: string[] }> }>,
    );
    const closes = result.triggered.reduce((sum, pair) => sum + pair.copyIds.length, 0);
    console.log(
      `one whole pass, firing ${result.triggered.length} pairs (${closes} closes recorded): ${passMs.toFixed(0)} ms`,
    );
    const p50 = percentile(concurrentTimes, 50);
    console.log(p50 <= GOAL_MS ? `goal met: p50 ≤ ${GOAL_MS} ms` : `GOAL MISSED: p50 > ${GOAL_MS} ms`);
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
