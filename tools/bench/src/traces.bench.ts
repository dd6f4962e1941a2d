/**
 * Discovery and trade reads through the gateway at 50 concurrent clients (autocannon): `GET /api/traces` over
 * 10,000 traces (search, each sort in All and in Crypto, featured), and `GET /api/traces/{id}/trades` and the
 * trace page `GET /api/traces/{id}` of a trace with 100,000 trades and the follower results of 100,000 copies, as a
 * premium subscriber. Seeds the product's
 * database straight with SQL (generate_series), prints req/s, p50/p99 per read at one client (no queueing) and at
 * 50 (goal: p99 ≤ 50 ms), then EXPLAIN (ANALYZE, BUFFERS) of the SQL each read runs (BENCH_EXPLAIN=summary: one
 * line each).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/traces.bench.ts [seconds=10] [connections=50]
 *
 * Then a closed copy's way into the figures: BENCH_CLOSES (50) copies closed one at a time, each timed from its commit
 * until traces' read model counts it (goal p99 ≤ 1 s).
 *
 * BENCH_ONLY=<part of a label> runs only the reads whose label holds it (e.g. BENCH_ONLY='trace page').
 * BENCH_CLIENT=wrk puts the load on with wrk (`apt-get install wrk`): one C thread instead of autocannon's
 * JavaScript, which on this 2-core machine takes most of the core the gateway needs.
 */
import autocannon from 'autocannon';
import { Client } from 'pg';
import { DEMO, Session, startBenchProduct } from './support/product';
import { percentile } from './support/latency';
import { wrkLoad } from './support/wrk';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const TRACES = 10_000;
const TRADES = 100_000;
const SUBSCRIBERS = 20_000;
/** Copies of the trades trace's shared trades, whose follower results the trace page shows. */
const COPIES = 100_000;
/** Copies closed one at a time after the reads, each timed until the trace's figures count it (goal p99 ≤ 1 s). */
const CLOSES = Number(process.env.BENCH_CLOSES ?? 50);
const CLOSE_GOAL_MS = 1_000;
const GOAL_P99_MS = 50;
/** BENCH_CLIENT=wrk: the load from wrk (Debian package `wrk`) instead of autocannon, which shares the 2 cores. */
const LOAD_CLIENT = process.env.BENCH_CLIENT === 'wrk' ? 'wrk' : 'autocannon';
const SUBSCRIBER_TIER = 'premium';

const STYLES = [
  'day_trading',
  'swing_trading',
  'options',
  'futures',
  'crypto',
  'forex',
  'stocks',
  'etfs',
  'scalping',
  'position_trading',
];
const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * 10,000 traces with their four tiers (names and handles varied, 2 specialties each, random statistics with a
 * fixed seed, 1 in 50 featured, 1 in 5 verified), and one more trace with 100,000 trades (1 in 10 open, 7 in 8
 * shared, required tiers in turn) and 20,000 subscribers. Then VACUUM (ANALYZE), as autovacuum would on a live
 * database — left to autovacuum it runs in the middle of the measurement and takes the CPU the reads need.
 */
async function seed(db: Client): Promise<string> {
  const adjectives = ['Alpha', 'Blue', 'Quantum', 'Steady', 'Bold', 'Silver', 'Apex', 'Northern', 'Rapid', 'Zen'];
  const nouns = ['Momentum', 'Capital', 'Options Desk', 'Swing Lab', 'Crypto Fund', 'Value', 'Scalper', 'Trends'];
  await db.query('SELECT setseed(0.42)');
  await db.query(`
    INSERT INTO traces.traces (owner_user_id, name, handle, description, bio, trading_style, risk_level,
      is_verified, is_featured, win_rate, monthly_return, total_return, max_drawdown, total_trades,
      profitable_trades, avg_trade_size, subscriber_count, total_likes, created_at)
    SELECT gen_random_uuid(),
      (${sqlArray(adjectives)})[1 + i % ${adjectives.length}] || ' ' || (${sqlArray(nouns)})[1 + (i / ${adjectives.length}) % ${nouns.length}] || ' ' || i,
      '@bench_' || i,
      'Benchmark trace ' || i, 'A trader of the benchmark.',
      ARRAY[(${sqlArray(STYLES)})[1 + i % 10], (${sqlArray(STYLES)})[1 + (i + 1 + (i / 10) % 9) % 10]],
      (ARRAY['low', 'medium', 'high'])[1 + i % 3],
      i % 5 = 0, i % 50 = 0,
      round((20 + random() * 70)::numeric, 2), round((-30 + random() * 80)::numeric, 2),
      round((-50 + random() * 300)::numeric, 2), round((random() * 40)::numeric, 2),
      100 + i % 400, 50 + i % 200, round((500 + random() * 20000)::numeric, 2),
      floor(power(random(), 3) * 50000)::int, floor(random() * 5000)::int,
      now() - i * interval '1 hour'
    FROM generate_series(1, ${TRACES}) AS i`);
  const {
    rows: [{ id: traceId }],
  } = await db.query(`
    INSERT INTO traces.traces (owner_user_id, name, handle, trading_style, is_verified, total_trades)
    VALUES (gen_random_uuid(), 'Bench Hundred Thousand', '@bench_trades', '{stocks,options}', true, ${TRADES})
    RETURNING id`);
  await db.query(`
    INSERT INTO traces.tiers (trace_id, name, rank, price, can_copy_trades)
    SELECT t.id, d.name, d.rank, d.price, d.can_copy FROM traces.traces t
      CROSS JOIN (VALUES ('free', 0, 0, false), ('basic', 1, 19.99, true),
                         ('premium', 2, 49.99, true), ('vip', 3, 99.99, true)) AS d(name, rank, price, can_copy)
    WHERE t.handle LIKE '@bench\\_%'`);
  const symbols = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'SPY', 'QQQ', 'BTC-USD', 'ETH-USD', 'AMD', 'GOOG'];
  await db.query(
    `
    INSERT INTO traces.trades (trace_id, symbol, side, quantity, price, current_price, status, executed_at,
      closed_at, strategy, is_shared, required_tier)
    SELECT $1, (${sqlArray(symbols)})[1 + i % ${symbols.length}],
      CASE WHEN i % 3 = 0 THEN 'sell' ELSE 'buy' END, 1 + i % 50, 50 + i % 400,
      round(((50 + i % 400) * (0.9 + random() * 0.25))::numeric, 4),
      CASE WHEN i % 10 = 0 THEN 'open' ELSE 'closed' END,
      now() - i * interval '3 minutes',
      CASE WHEN i % 10 = 0 THEN NULL ELSE now() - i * interval '3 minutes' + interval '2 hours' END,
      'Momentum', i % 8 <> 0, (ARRAY['free', 'basic', 'premium', 'vip'])[1 + i % 4]
    FROM generate_series(1, ${TRADES}) AS i`,
    [traceId],
  );
  // The trades trace is popular: 20,000 other subscribers (basic), its counter in step.
  await db.query(
    `
    INSERT INTO traces.subscriptions (trace_id, user_id, tier_id, tier_name, status)
    SELECT $1, gen_random_uuid(), tier.id, tier.name, 'active'
      FROM traces.tiers tier, generate_series(1, ${SUBSCRIBERS})
     WHERE tier.trace_id = $1 AND tier.name = 'basic'`,
    [traceId],
  );
  await db.query('UPDATE traces.traces SET subscriber_count = $2 WHERE id = $1', [traceId, SUBSCRIBERS]);
  await db.query('VACUUM (ANALYZE) traces.traces, traces.tiers, traces.trades, traces.subscriptions');
  return traceId as string;
}

/**
 * 100,000 copies of the trades trace's shared trades (10 each of 10,000 trades, by 2,000 followers): 55 % closed, 25 %
 * open, 20 % not placed, entries ±1 % of the trader's price, exits ±10 %, filled 0.2–5 s after the share, and the
 * trader's closes of the closed trades. Seeded into the copy engine's tables as its own copies would be; its
 * change-log trigger then has the running copy engine compute the trace's follower results and announce them, and
 * this waits until traces holds them (what the trace page and the `followers` sort read).
 */
async function seedCopies(db: Client, traceId: string): Promise<void> {
  const perTrade = 10;
  await db.query(
    `INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at)
     SELECT id, trace_id, executed_at FROM traces.trades WHERE trace_id = $1 AND is_shared ORDER BY id LIMIT $2`,
    [traceId, COPIES / perTrade],
  );
  await db.query(
    `INSERT INTO copy_engine.trader_closes (trade_id, trace_id, exit_price, closed_at)
     SELECT t.id, t.trace_id, t.current_price, t.closed_at FROM traces.trades t
       JOIN copy_engine.shared_trades s ON s.trade_id = t.id WHERE t.closed_at IS NOT NULL`,
  );
  await db.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
        trader_user_id, trace_name, trace_handle, placement, status, symbol, side, quantity_requested, quantity_filled,
        entry_price, exit_price, brokerage_account_id, trader_price, trader_shared_at, filled_at, closed_at,
        failure_code, failure_reason, origin, created_at)
     SELECT follower.id, 'bench-' || t.id || '-' || c, 'hash', t.id, t.trace_id, gen_random_uuid(), 'Bench', '@bench',
            'automatic', pick.status, t.symbol, t.side, 1, CASE WHEN pick.status = 'FAILED' THEN 0 ELSE 1 END,
            CASE WHEN pick.status <> 'FAILED' THEN t.price * (1 + ((c % 21) - 10) / 1000.0) END,
            CASE WHEN pick.status = 'CLOSED' THEN t.price * (1 + ((c % 41) - 20) / 200.0) END,
            'acct', t.price, s.shared_at,
            CASE WHEN pick.status <> 'FAILED' THEN s.shared_at + make_interval(secs => 0.2 + (c % 48) / 10.0) END,
            CASE WHEN pick.status = 'CLOSED' THEN s.shared_at + interval '3 hours' END,
            CASE WHEN pick.status = 'FAILED' THEN 'MARKET_CLOSED' END, CASE WHEN pick.status = 'FAILED' THEN 'bench' END,
            'shared', s.shared_at
       FROM copy_engine.shared_trades s
       JOIN traces.trades t ON t.id = s.trade_id
       CROSS JOIN generate_series(1, $1::int) AS c
       CROSS JOIN LATERAL (SELECT ('00000000-0000-4000-8000-' || lpad(((abs(hashtext(t.id::text)) + c) % 2000)::text, 12, '0'))::uuid AS id) follower
       CROSS JOIN LATERAL (SELECT CASE WHEN (abs(hashtext(t.id::text)) + c) % 20 < 11 THEN 'CLOSED' WHEN (abs(hashtext(t.id::text)) + c) % 20 < 16 THEN 'OPEN' ELSE 'FAILED' END AS status) pick`,
    [perTrade],
  );
  await db.query('VACUUM (ANALYZE) copy_engine.copy_instances, copy_engine.shared_trades, copy_engine.trader_closes');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT windows FROM traces.trace_follower_results WHERE trace_id = $1 AND jsonb_array_length(windows) > 0`,
      [traceId],
    );
    const all = (rows[0]?.windows as Array<{ window: string; copiesPlaced: number }> | undefined)?.find(
      (figures) => figures.window === 'all',
    );
    if (all && all.copiesPlaced >= COPIES * 0.7) return;
    if (Date.now() > deadline) throw new Error("the trace's follower results did not reach traces in 120 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The trace's closed copies in traces' read model (the 'all' time frame), or -1 before any figures. */
async function closedCopiesInTraces(db: Client, traceId: string): Promise<number> {
  const { rows } = await db.query(
    `SELECT (w->>'closedCopies')::int AS closed FROM traces.trace_follower_results r,
            jsonb_array_elements(r.windows) w WHERE r.trace_id = $1 AND w->>'window' = 'all'`,
    [traceId],
  );
  return (rows[0]?.closed as number | undefined) ?? -1;
}

/**
 * Goal: a closed copy appears in the figures within 1 s, p99. `count` open copies of trades the trader has closed are
 * closed one at a time, 0–1 s apart, as the copy engine closes them (one UPDATE, its commit); each is timed from that
 * commit until traces' read model — what the trace page shows — counts it (the copy engine's recompute, its event
 * through the outbox and JetStream, traces' consumer).
 */
async function closeToFigures(db: Client, traceId: string, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM copy_engine.copy_instances WHERE trace_id = $1 AND status = 'OPEN' ORDER BY id LIMIT $2`,
    [traceId, count],
  );
  if (rows.length < count) {
    const { rows: statuses } = await db.query(
      `SELECT status, count(*)::int AS n FROM copy_engine.copy_instances WHERE trace_id = $1 GROUP BY status`,
      [traceId],
    );
    throw new Error(`only ${rows.length} open copies to close; the trace's copies: ${JSON.stringify(statuses)}`);
  }
  // Their trades closed by the trader too, so each closed copy joins the returns' population (closedCopies).
  await db.query(
    `INSERT INTO copy_engine.trader_closes (trade_id, trace_id, exit_price, closed_at)
     SELECT c.original_trade_id, c.trace_id, c.trader_price, now() FROM copy_engine.copy_instances c
      WHERE c.id = ANY($1::uuid[]) ON CONFLICT DO NOTHING`,
    [rows.map((row) => row.id)],
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // their recompute settles first
  const samples: number[] = [];
  for (const { id } of rows) {
    const before = await closedCopiesInTraces(db, traceId);
    const closedAt = performance.now();
    await db.query(
      `UPDATE copy_engine.copy_instances SET status = 'CLOSED', exit_price = entry_price * 1.01, closed_at = now(),
              updated_at = now() WHERE id = $1`,
      [id],
    );
    const deadline = Date.now() + 30_000;
    while ((await closedCopiesInTraces(db, traceId)) <= before) {
      if (Date.now() > deadline) throw new Error(`copy ${id} closed: not in traces' figures after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    samples.push(performance.now() - closedAt);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
  }
  return samples;
}

// The SQL the traces service runs (TypeORM's, as its query logging prints it for ListTracesUseCase and
// ListTradesUseCase in apps/traces/src/modules/discovery/use-cases: same select list, WHERE, ORDER BY, LIMIT).
const selectList = (alias: string, columns: string[]) =>
  columns.map((column) => `"${alias}"."${column}" AS "${alias}_${column}"`).join(', ');
const TRACE_COLUMNS = [
  'id',
  'owner_user_id',
  'name',
  'handle',
  'avatar_url',
  'banner_url',
  'is_verified',
  'is_featured',
  'is_active',
  'description',
  'bio',
  'risk_level',
  'trading_style',
  'min_investment',
  'allow_comments',
  'allow_copying',
  'subscriber_count',
  'total_likes',
  'win_rate',
  'monthly_return',
  'total_return',
  'max_drawdown',
  'total_trades',
  'profitable_trades',
  'avg_trade_size',
  'created_at',
  'updated_at',
];
const TRADE_COLUMNS = [
  'id',
  'trace_id',
  'symbol',
  'side',
  'quantity',
  'price',
  'current_price',
  'status',
  'executed_at',
  'closed_at',
  'strategy',
  'confidence',
  'notes',
  'tags',
  'is_shared',
  'required_tier',
  'is_options',
  'option_type',
  'options_ticker',
  'strike_price',
  'expiration_date',
  'contract_multiplier',
  'created_at',
];
const POST_COLUMNS = [
  'id',
  'trace_id',
  'title',
  'content',
  'is_pinned',
  'is_public',
  'like_count',
  'comment_count',
  'created_at',
];
const SORT_COLUMNS = {
  return: '"trace"."monthly_return"',
  subscribers: '"trace"."subscriber_count"',
  winrate: '"trace"."win_rate"',
  followers: '"results"."follower_return_median"',
} as const;
type Sort = keyof typeof SORT_COLUMNS;

interface ListQuery {
  search?: string;
  featured?: boolean;
  category?: 'All' | 'Crypto';
  sortBy?: Sort;
}
const LIST_LIMIT = 50; // TRACES_PAGE_DEFAULT: the service asks for one more row to know whether a next page exists

function listTracesSql(query: ListQuery): { text: string; values: unknown[] } {
  const where = ['"trace"."is_active"'];
  const values: unknown[] = [];
  if (query.search) {
    values.push(`%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`trace.search_text LIKE $${values.length} ESCAPE '\\'`);
  }
  if (query.featured !== undefined) {
    values.push(query.featured);
    where.push(`"trace"."is_featured" = $${values.length}`);
  }
  if (query.category === 'Crypto') where.push(`'crypto' = ANY("trace"."trading_style")`);
  const sort = SORT_COLUMNS[query.sortBy ?? 'return'];
  return {
    text:
      query.sortBy === 'followers'
        ? `SELECT ${selectList('trace', TRACE_COLUMNS)} FROM "traces"."traces" "trace" LEFT JOIN "traces"."trace_follower_results" "results" ON "results"."trace_id" = "trace"."id" WHERE ${where.join(' AND ')} ORDER BY ${sort} DESC NULLS LAST, "trace"."id" ASC LIMIT ${LIST_LIMIT + 1} OFFSET 0`
        : `SELECT ${selectList('trace', TRACE_COLUMNS)} FROM "traces"."traces" "trace" WHERE ${where.join(' AND ')} ORDER BY ${sort} DESC, "trace"."id" ASC LIMIT ${LIST_LIMIT + 1} OFFSET 0`,
    values,
  };
}

function listTradesSql(traceId: string, limit: number, status?: 'closed'): { text: string; values: unknown[] } {
  const tiers = ['free', 'basic', 'premium', 'vip'].slice(0, 3); // a premium subscriber's visible tiers
  const values: unknown[] = [traceId, ...tiers];
  let text = `SELECT ${selectList('trade', TRADE_COLUMNS)} FROM "traces"."trades" "trade" WHERE "trade"."trace_id" = $1 AND "trade"."is_shared" AND "trade"."required_tier" IN (${tiers.map((_, index) => `$${index + 2}`).join(', ')})`;
  if (status) {
    values.push(status);
    text += ` AND "trade"."status" = $${values.length}`;
  }
  return { text: `${text} ORDER BY "trade"."executed_at" DESC, "trade"."id" DESC LIMIT ${limit}`, values };
}

/** The trace page's reads besides the trace by id: the caller's subscription with its tier, the tiers, the posts. */
function tracePageSql(traceId: string, userId: string): Sql[] {
  return [
    {
      name: "the caller's subscription and its tier",
      text: `SELECT "tier"."id" AS "tier_id", "tier"."trace_id" AS "tier_trace_id", "tier"."name" AS "tier_name", "tier"."rank" AS "tier_rank", "tier"."price" AS "tier_price", "tier"."can_copy_trades" AS "tier_can_copy_trades" FROM "traces"."tiers" "tier" INNER JOIN "traces"."subscriptions" "subscription" ON "subscription"."tier_id" = "tier"."id" WHERE "subscription"."trace_id" = $1 AND "subscription"."user_id" = $2 AND "subscription"."status" = 'active'`,
      values: [traceId, userId],
    },
    {
      name: 'tiers',
      text: `SELECT ${selectList('TierEntity', ['id', 'trace_id', 'name', 'rank', 'price', 'can_copy_trades'])} FROM "traces"."tiers" "TierEntity" WHERE (("TierEntity"."trace_id" = $1)) ORDER BY "TierEntity"."rank" ASC`,
      values: [traceId],
    },
    {
      name: 'posts',
      text: `SELECT ${selectList('PostEntity', POST_COLUMNS)} FROM "traces"."posts" "PostEntity" WHERE (("PostEntity"."trace_id" = $1)) ORDER BY "PostEntity"."is_pinned" DESC, "PostEntity"."created_at" DESC LIMIT 50`,
      values: [traceId],
    },
    {
      name: 'follower results',
      text: `SELECT * FROM "traces"."trace_follower_results" WHERE "trace_id" = $1`,
      values: [traceId],
    },
    {
      name: 'post count',
      text: `SELECT COUNT(1) AS "cnt" FROM "traces"."posts" "PostEntity" WHERE (("PostEntity"."trace_id" = $1))`,
      values: [traceId],
    },
  ];
}

const queryString = (query: ListQuery) =>
  new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();

interface Sql {
  /** What the statement reads, when a read runs several. */
  name?: string;
  text: string;
  values: unknown[];
}
interface Target {
  label: string;
  path: string;
  sql: Sql[];
  /** What a correct answer holds (checked once before the load). */
  check(json: {
    traces?: unknown[];
    trades?: Array<{ status: string }>;
    trace?: {
      viewer?: { tier?: string };
      followerResults?: { windows: Array<{ window: string; copiesPlaced: number }> };
    };
  }): boolean;
}

function targets(traceId: string, userId: string): Target[] {
  const list = (
    label: string,
    query: ListQuery,
    check: Target['check'] = (json) => (json.traces?.length ?? 0) > 0,
  ) => ({
    label,
    path: `/api/traces?${queryString(query)}`,
    sql: [listTracesSql(query)],
    check,
  });
  const sorts: Sort[] = ['return', 'subscribers', 'winrate', 'followers'];
  return [
    list('search "momentum"', { search: 'momentum' }),
    list('search "swing"', { search: 'swing' }),
    list('search "@bench_42"', { search: '@bench_42' }),
    list('search "qu" (2 letters)', { search: 'qu' }),
    list('search "no-such-trader"', { search: 'no-such-trader' }, (json) => json.traces?.length === 0),
    ...sorts.flatMap((sortBy) => [
      list(`All, sortBy=${sortBy}`, { category: 'All', sortBy }),
      list(`Crypto, sortBy=${sortBy}`, { category: 'Crypto', sortBy }),
    ]),
    list('featured=true', { featured: true }),
    {
      label: 'trades ?limit=50',
      path: `/api/traces/${traceId}/trades?limit=50`,
      sql: [listTradesSql(traceId, 50)],
      check: (json) => json.trades?.length === 50,
    },
    {
      label: 'trades ?limit=20&status=closed',
      path: `/api/traces/${traceId}/trades?limit=20&status=closed`,
      sql: [listTradesSql(traceId, 20, 'closed')],
      check: (json) => json.trades?.length === 20 && json.trades.every((trade) => trade.status === 'closed'),
    },
    {
      label: 'trace page GET /api/traces/{id}',
      path: `/api/traces/${traceId}`,
      sql: tracePageSql(traceId, userId),
      check: (json) =>
        json.trace?.viewer?.tier === SUBSCRIBER_TIER &&
        (json.trace.followerResults?.windows.find((figures) => figures.window === 'all')?.copiesPlaced ?? 0) > 0,
    },
  ];
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(
  target: Target,
  baseUrl: string,
  cookie: string,
  connections: number,
  seconds: number,
): Promise<Figures> {
  if (LOAD_CLIENT === 'wrk')
    return { label: target.label, ...(await wrkLoad(`${baseUrl}${target.path}`, { cookie }, connections, seconds)) };
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections,
    duration: seconds,
    headers: { cookie },
  });
  return {
    label: target.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The plan's lines, and a one-line summary: scans used (index names), rows, execution time, buffers. */
async function explain(db: Client, sql: Sql): Promise<{ plan: string[]; summary: string }> {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
  const plan = rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
  const scans = [
    ...new Set(
      plan.flatMap((line: string) => {
        const match =
          /(Index Only Scan|Index Scan Backward|Index Scan|Bitmap Index Scan|Seq Scan)(?: using (\S+)| on (\S+))?/.exec(
            line,
          );
        return match ? [`${match[1]}${match[2] ? ` ${match[2]}` : match[3] ? ` on ${match[3]}` : ''}`] : [];
      }),
    ),
  ];
  const time = plan.find((line: string) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  const buffers =
    /Buffers: (.*)/.exec(plan[0] ?? '')?.[1] ?? plan.find((line: string) => line.includes('Buffers:'))?.trim();
  return { plan, summary: `${scans.join(' + ')}; ${time}; ${buffers ?? ''}` };
}

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_traces');
  const db = new Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    const base = product.platform.url;
    const session = new Session(base);
    await session.refreshCsrf();
    const login = await session.call('POST', '/api/login', DEMO);
    if (login.status !== 200) throw new Error(`demo login answered ${login.status}: ${JSON.stringify(login.json)}`);
    const userId = login.json.user.id as string;
    await session.refreshCsrf();

    const seededAt = performance.now();
    const traceId = await seed(db);
    console.log(
      `Seeded ${TRACES} traces (+ tiers) and a trace with ${TRADES} trades in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
    );
    const copiesAt = performance.now();
    await seedCopies(db, traceId);
    console.log(
      `Seeded ${COPIES} copies; their follower results reached traces ${((performance.now() - copiesAt) / 1000).toFixed(1)} s after the seeding began`,
    );
    const tiers = await session.call('GET', `/api/traces/${traceId}/tiers`);
    const tier = (tiers.json.tiers as Array<{ id: string; name: string }>).find((t) => t.name === SUBSCRIBER_TIER)!;
    const subscribed = await session.call('POST', '/api/subscribe', { userId, traceId, tierId: tier.id });
    if (subscribed.status !== 200) throw new Error(`subscribe answered ${subscribed.status}`);

    const cookie = session.cookieHeader;
    const only = process.env.BENCH_ONLY;
    const all = targets(traceId, userId).filter((target) => !only || target.label.includes(only));
    for (const target of all) {
      const answer = await session.call('GET', target.path);
      if (answer.status !== 200 || !target.check(answer.json))
        throw new Error(`${target.path} answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      await autocannon({ url: `${base}${target.path}`, connections: 10, duration: 1, headers: { cookie } });
    }
    const single: Figures[] = [];
    for (const target of all) single.push(await load(target, base, cookie, 1, Math.min(SECONDS, 3)));
    const figures: Figures[] = [];
    for (const target of all) figures.push(await load(target, base, cookie, CONNECTIONS, SECONDS));

    console.log(
      `\nTraces reads through the gateway (${LOAD_CLIENT}): ${TRACES} traces, ${TRADES} trades, subscriber tier ${SUBSCRIBER_TIER}; 1 client for ${Math.min(SECONDS, 3)} s, then ${CONNECTIONS} clients for ${SECONDS} s`,
    );
    const ms = (value: number) => `${value} ms`.padStart(8);
    console.log(
      `${'read'.padEnd(34)} | ${'1 client: p50'.padStart(14)} ${'p99'.padStart(8)} | ${`${CONNECTIONS} clients: req/s`.padStart(18)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}  goal`,
    );
    figures.forEach((f, index) => {
      const one = single[index]!;
      const failures = f.failures + one.failures;
      const goal = failures > 0 ? 'FAILED' : f.p99 <= GOAL_P99_MS ? 'ok' : `MISSED (p99 > ${GOAL_P99_MS} ms)`;
      console.log(
        `${f.label.padEnd(34)} | ${ms(one.p50).padStart(14)} ${ms(one.p99)} | ${f.rps.toFixed(0).padStart(18)} ${ms(f.p50)} ${ms(f.p99)}  ${goal}${failures ? `  failures ${failures}` : ''}`,
      );
    });

    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the SQL each read runs:');
    for (const target of all) {
      for (const sql of target.sql) {
        const { plan, summary } = await explain(db, sql);
        console.log(`\n## ${target.label}${sql.name ? ` (${sql.name})` : ''}: ${summary}`);
        if (process.env.BENCH_EXPLAIN !== 'summary') for (const line of plan) console.log(`   ${line}`);
      }
    }
    const closes = await closeToFigures(db, traceId, CLOSES);
    console.log(
      `\nA closed copy in the trace's figures (traces' read model), ${closes.length} closes 0–1 s apart: ` +
        `p50 ${percentile(closes, 50).toFixed(0)} ms, p99 ${percentile(closes, 99).toFixed(0)} ms, ` +
        `max ${Math.max(...closes).toFixed(0)} ms (goal p99 ≤ ${CLOSE_GOAL_MS} ms: ${percentile(closes, 99) <= CLOSE_GOAL_MS ? 'met' : 'MISSED'})`,
    );
    const failed = [...single, ...figures].filter((f) => f.failures > 0);
    if (failed.length) throw new Error(`non-2xx answers or errors in: ${failed.map((f) => f.label).join(', ')}`);
  } finally {
    await db.end();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
