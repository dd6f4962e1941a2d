/**
 * Share → SSE delivery (live push): N subscribers (default 1,000) hold `GET /api/events` open on the
 * gateway; the owner shares a trade from the Trade Manager (`POST /api/trace-owner/{traceId}/share-trade`), and
 * each subscriber's stream receives TradeShared. Measured per subscriber and round: from the moment the share
 * request is sent to the moment that subscriber's stream delivers the event (the whole path: the share's
 * transaction with TradeShared in the outbox, the relay's publish to JetStream, the gateway's ordered consumer, the
 * audience RPC to traces over the N connected users, the writes to N sockets). Goal: p99 ≤ 250 ms.
 * Users, sessions and subscriptions are seeded in SQL (N logins would measure argon2); the trades come from real
 * paper fills of the owner.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_PORT=…] \
 *     npx tsx tools/bench/src/live-events.bench.ts [subscribers=1000] [rounds=10]
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { percentile, summary } from './support/latency';
import { connectedDemo, startBenchProduct, traceOwnedBy } from './support/product';

const SUBSCRIBERS = Number(process.argv[2] ?? 1_000);
const ROUNDS = Number(process.argv[3] ?? 10);
const WARM_UP = 1;
const DELIVERY_TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 250;

interface Listener {
  userId: string;
  request: ClientRequest;
  /** tradeId → when its trade.shared arrived (performance.now()). */
  arrivals: Map<string, number>;
}

function listen(baseUrl: string, userId: string, token: string): Promise<Listener> {
  const url = new URL('/api/events', baseUrl);
  return new Promise((resolve, reject) => {
    const listener: Listener = { userId, request: undefined as unknown as ClientRequest, arrivals: new Map() };
    listener.request = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers: { cookie: `ct_session=${token}` } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`GET /api/events answered ${response.statusCode}`));
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = performance.now();
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const data = /^data: (.*)$/m.exec(pending.slice(0, end))?.[1];
            pending = pending.slice(end + 2);
            if (!data) continue;
            const message = JSON.parse(data) as { type: string; data: { tradeId?: string } };
            if (message.type === 'trade.shared' && message.data.tradeId)
              listener.arrivals.set(message.data.tradeId, now);
          }
        });
        response.on('error', () => undefined);
        resolve(listener);
      },
    );
    listener.request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    listener.request.end();
  });
}

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_live_events');
  const db = new Client({ connectionString: product.databaseUrl });
  await db.connect();
  const listeners: Listener[] = [];
  try {
    const base = product.platform.url;
    const { session, userId: ownerId } = await connectedDemo(base);
    const traceId = await traceOwnedBy(base, ownerId, `bench_live_${Date.now().toString(36)}`);
    await db.query(`UPDATE brokerage.paper_accounts SET cash = 100000000 WHERE provider_user_id = $1`, [ownerId]);
    await session.refreshCsrf();

    // Subscribers: users, a session each, a vip subscription each (SQL: fast, and no login rate limits).
    const prefix = `live_${Date.now().toString(36)}`;
    const { rows: users } = await db.query<{ id: string }>(
      `INSERT INTO identity.users (username, email, password_hash, first_name, last_name)
       SELECT $1 || '_' || i, $1 || '_' || i || '@example.com', password_hash, 'Bench', 'User'
         FROM identity.users, generate_series(1, $2::int) AS i WHERE username = 'demo'
       RETURNING id`,
      [prefix, SUBSCRIBERS],
    );
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    await db.query(
      `INSERT INTO identity.sessions (user_id, token_hash, expires_at)
       SELECT user_id, token_hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [users.map((user) => user.id), tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
    );
    await db.query(
      `INSERT INTO traces.subscriptions (trace_id, user_id, tier_id, tier_name, status)
       SELECT $1, user_id, tier.id, tier.name, 'active'
         FROM unnest($2::uuid[]) AS s(user_id), traces.tiers tier WHERE tier.trace_id = $1 AND tier.name = 'vip'`,
      [traceId, users.map((user) => user.id)],
    );

    const connectStarted = performance.now();
    for (let start = 0; start < users.length; start += 100)
      listeners.push(
        ...(await Promise.all(
          users.slice(start, start + 100).map((user, index) => listen(base, user.id, tokens[start + index]!)),
        )),
      );
    console.log(`${listeners.length} SSE clients connected in ${(performance.now() - connectStarted).toFixed(0)} ms`);

    // One trade per round, from real paper fills, then shared one at a time.
    const tradeIds: string[] = [];
    for (let index = 0; index < WARM_UP + ROUNDS; index += 1) {
      const placed = await session.call(
        'POST',
        '/api/paper/orders',
        { action: 'BUY', symbol: ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META'][index % 5], quantity: 1 },
        { 'X-Request-ID': `bench-live-${randomUUID()}` },
      );
      if (placed.status !== 201)
        throw new Error(`paper order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
    }
    const deadline = Date.now() + 30_000;
    while (tradeIds.length < WARM_UP + ROUNDS) {
      if (Date.now() > deadline) throw new Error('the fills did not become trades in 30 s');
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM traces.trades WHERE trace_id = $1 ORDER BY executed_at`,
        [traceId],
      );
      tradeIds.splice(0, tradeIds.length, ...rows.map((row) => row.id));
      await sleep(50);
    }

    const samples: number[] = [];
    const shareCalls: number[] = [];
    const roundP99: number[] = [];
    let missing = 0;
    for (const [round, tradeId] of tradeIds.entries()) {
      const sentAt = performance.now();
      const shared = await session.call('POST', `/api/trace-owner/${traceId}/share-trade`, {
        snaptradeTradeId: tradeId,
        minTier: 'basic',
        strategy: 'Momentum',
        confidence: 'High',
        notes: 'bench',
      });
      const answeredAt = performance.now();
      if (shared.status !== 200) throw new Error(`share answered ${shared.status}: ${JSON.stringify(shared.json)}`);
      const until = Date.now() + DELIVERY_TIMEOUT_MS;
      while (listeners.some((listener) => !listener.arrivals.has(tradeId)) && Date.now() < until) await sleep(5);
      const delays = listeners.flatMap((listener) => {
        const at = listener.arrivals.get(tradeId);
        return at === undefined ? [] : [at - sentAt];
      });
      if (round < WARM_UP) continue;
      missing += listeners.length - delays.length;
      samples.push(...delays);
      shareCalls.push(answeredAt - sentAt);
      roundP99.push(percentile(delays, 99));
      await sleep(200);
    }

    console.log(`\nshare → SSE delivery, ${listeners.length} connected subscribers, ${ROUNDS} shares`);
    console.log(summary('share request (HTTP answer)', shareCalls));
    console.log(summary('share → event on each stream', samples));
    console.log(`per-round p99: ${roundP99.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    console.log(`undelivered: ${missing}`);
    const p99 = percentile(samples, 99);
    console.log(
      `goal p99 ≤ ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS && missing === 0 ? 'met' : 'NOT met'} (${p99.toFixed(1)} ms)`,
    );
  } finally {
    for (const listener of listeners) listener.request.destroy();
    await db.end();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
