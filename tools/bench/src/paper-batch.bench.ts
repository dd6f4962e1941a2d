/**
 * Paper broker bulk placement (the brokerage side of automatic copying): N followers (default 10,000),
 * each with a connected paper account, get one market order each through `rpc.brokerage.orders.place-batch`, in
 * batches of 500 sent `concurrency` at a time (default 3) over NATS to the built brokerage service. Prints the total
 * time after one untimed warm-up batch (goal: well under 5 s for 10,000 on the 2-core machine), orders per second and the batches' p50/max, and
 * checks every order filled once with its OrderUpdated and OrderFilled events; then sends the whole set again
 * (all replayed, nothing new).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/paper-batch.bench.ts [followers=10000] [concurrency=3]
 */
import { randomUUID } from 'node:crypto';
import { PLACE_ORDER_BATCH_MAX, type PlaceOrderBatchOrder } from '@copytrade/contracts';
import type { Client } from 'pg';
import { percentile } from './support/latency';
import { inWaves, startBrokerageBench } from './support/brokerage-service';

const FOLLOWERS = Number(process.argv[2] ?? 10_000);
const CONCURRENCY = Number(process.argv[3] ?? 3);
const WARM_UP = 100;

/** Followers registered with the paper broker, each with one connected account with $100,000, straight in SQL. */
async function seedPaperFollowers(db: Client, count: number): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO brokerage.provider_users (user_id, provider, provider_user_id, secret_ciphertext)
     SELECT id, 'paper', id::text, 'unused' FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $1)) u
     RETURNING user_id`,
    [count],
  );
  const ids = rows.map((row) => row.user_id);
  await db.query(
    `INSERT INTO brokerage.paper_users (provider_user_id, secret_hash) SELECT id::text, 'x' FROM unnest($1::uuid[]) id`,
    [ids],
  );
  await db.query(
    `INSERT INTO brokerage.paper_connections (provider_user_id, broker_slug, type)
     SELECT id::text, 'ALPACA', 'trade' FROM unnest($1::uuid[]) id`,
    [ids],
  );
  await db.query(
    `INSERT INTO brokerage.paper_accounts (connection_id, provider_user_id, name, number, cash, created_at)
     SELECT c.id, c.provider_user_id, 'Bench (Paper)', 'PB1', 100000, now()
       FROM brokerage.paper_connections c WHERE c.provider_user_id = ANY($1::text[])`,
    [ids],
  );
  await db.query(
    `INSERT INTO brokerage.connections (id, user_id, brokerage_slug, brokerage_name, disabled)
     SELECT c.id::text, c.provider_user_id::uuid, 'ALPACA', 'Alpaca', false
       FROM brokerage.paper_connections c WHERE c.provider_user_id = ANY($1::text[])`,
    [ids],
  );
  await db.query(
    `INSERT INTO brokerage.accounts (id, user_id, connection_id, position)
     SELECT a.id::text, a.provider_user_id::uuid, a.connection_id::text, 0
       FROM brokerage.paper_accounts a WHERE a.provider_user_id = ANY($1::text[])`,
    [ids],
  );
  return ids;
}

async function main(): Promise<void> {
  const bench = await startBrokerageBench('bench_paper_batch', 1, { PAPER_MARKET_HOURS: 'always-open' });
  try {
    const followers = await seedPaperFollowers(bench.db, FOLLOWERS + WARM_UP);
    const eventId = randomUUID();
    const all: PlaceOrderBatchOrder[] = followers.map((userId) => ({
      userId,
      accountId: null,
      requestId: `${eventId}:${userId}`,
      order: { action: 'BUY', symbol: 'AAPL', quantity: 1 },
    }));
    // A running service has its connections open and its statements planned: one untimed batch of other followers.
    await bench.placeBatch(all.slice(FOLLOWERS));
    const orders = all.slice(0, FOLLOWERS);
    const startedAt = performance.now();
    let refused = 0;
    const durations = await inWaves(orders, PLACE_ORDER_BATCH_MAX, CONCURRENCY, async (chunk) => {
      const { results } = await bench.placeBatch(chunk);
      const notFilled = results.filter((result) => result.error || result.order?.state !== 'FILLED').length;
      refused += notFilled;
    });
    const totalMs = performance.now() - startedAt;

    const {
      rows: [check],
    } = await bench.db.query(
      `SELECT (SELECT count(*)::int FROM brokerage.order_intents WHERE state = 'FILLED') - $1 AS filled,
              (SELECT count(*)::int FROM brokerage.paper_orders) - $1 AS paper_orders,
              (SELECT count(*)::int FROM brokerage.outbox WHERE envelope->>'type' = 'OrderFilled') - $1 AS filled_events,
              (SELECT count(*)::int FROM brokerage.outbox WHERE envelope->>'type' = 'OrderUpdated') - $1 AS updated_events`,
      [WARM_UP],
    );
    const replayStartedAt = performance.now();
    let replayed = 0;
    await inWaves(orders, PLACE_ORDER_BATCH_MAX, CONCURRENCY, async (chunk) => {
      const { results } = await bench.placeBatch(chunk);
      replayed += results.filter((result) => result.replayed).length; // after the await: no lost update
    });
    const replayMs = performance.now() - replayStartedAt;
    const {
      rows: [after],
    } = await bench.db.query(`SELECT count(*)::int - $1 AS paper_orders FROM brokerage.paper_orders`, [WARM_UP]);

    console.log(
      JSON.stringify(
        {
          followers: FOLLOWERS,
          batchSize: PLACE_ORDER_BATCH_MAX,
          concurrency: CONCURRENCY,
          totalMs: Math.round(totalMs),
          ordersPerSecond: Math.round((FOLLOWERS / totalMs) * 1000),
          batchMs: { p50: Math.round(percentile(durations, 50)), max: Math.round(Math.max(...durations)) },
          refusedOrNotFilled: refused,
          ...check,
          replay: { ms: Math.round(replayMs), replayed, paperOrdersAfter: after.paper_orders },
        },
        null,
        2,
      ),
    );
    const ok =
      refused === 0 &&
      check.filled === FOLLOWERS &&
      check.paper_orders === FOLLOWERS &&
      check.filled_events === FOLLOWERS &&
      replayed === FOLLOWERS &&
      after.paper_orders === FOLLOWERS;
    if (!ok) process.exitCode = 1;
  } finally {
    await bench.stop();
  }
}

void main();
