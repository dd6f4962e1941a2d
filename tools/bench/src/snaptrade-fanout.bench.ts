/**
 * Automatic copying against SnapTrade's limits (the brokerage side): N orders for many
 * accounts go through `rpc.brokerage.orders.place-batch` (batches of 500, all sent at once) to two replicas of the
 * built brokerage service configured for a fake SnapTrade that enforces the provider's limits (250 requests per
 * rolling 60 s per client, 429 beyond; one trade per second per account). The replicas' dispatchers share the queue
 * and the request schedule (PostgreSQL, or Redis with REDIS_URL). Prints the achieved request rate while the queue
 * drained as a share of the allowed 250/min (goal ≥ 95 %), the 429s met (goal 0), the peaks the fake saw, and checks
 * every order was placed exactly once and settled.
 *
 * The default run (600 orders over 200 accounts) takes about 2.5 minutes; `--long` places 2,400 (about 10 minutes).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/snaptrade-fanout.bench.ts [orders=600] [accounts=200] [--long]
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PLACE_ORDER_BATCH_MAX, type PlaceOrderBatchOrder } from '@copytrade/contracts';
import { FakeSnaptradeServer } from '@copytrade/testing';
import type { Client } from 'pg';
import { startBrokerageBench } from './support/brokerage-service';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const LONG = process.argv.includes('--long');
const ORDERS = Number(args[0] ?? (LONG ? 2_400 : 600));
const ACCOUNTS = Number(args[1] ?? 200);
const LIMIT_PER_MINUTE = 250;
const REPLICAS = 2;

interface Follower {
  userId: string;
  accountId: string;
}

/** The service's own cipher for provider secrets (the built app's), so seeded secrets decrypt as registered ones. */
function secretCipher(): { encrypt(plaintext: string, owner: string): string } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built service's module, loaded at run time
  const { SecretCipher } = require(
    join(__dirname, '..', '..', '..', 'apps/brokerage/dist/modules/connections/secret-cipher.js'),
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DEV_SECRETS_ENCRYPTION_KEY } = require(
    join(__dirname, '..', '..', '..', 'apps/brokerage/dist/config/brokerage.config.js'),
  );
  return new SecretCipher({ secretsEncryptionKey: Buffer.from(DEV_SECRETS_ENCRYPTION_KEY as string, 'base64') });
}

/**
 * Followers registered and connected at the fake SnapTrade (its state, as its portal would leave it) and in the
 * brokerage's tables (as a sync would), without spending the request budget the benchmark measures.
 */
async function seedFollowers(db: Client, fake: FakeSnaptradeServer, count: number): Promise<Follower[]> {
  const cipher = secretCipher();
  const followers: Follower[] = [];
  for (let index = 0; index < count; index += 1) {
    const userId = randomUUID();
    const { userSecret } = fake.state.registerUser(userId);
    const connection = fake.state.connect({
      id: randomUUID(),
      userId,
      broker: 'ALPACA',
      customRedirect: null,
      connectionType: 'trade',
      reconnect: null,
      expiresAt: Date.now() + 300_000,
    });
    const accounts = fake.state.accountsOf(userId);
    await db.query(
      `INSERT INTO brokerage.provider_users (user_id, provider, provider_user_id, secret_ciphertext)
       VALUES ($1, 'snaptrade', $2, $3)`,
      [userId, userId, cipher.encrypt(userSecret, userId)],
    );
    await db.query(
      `INSERT INTO brokerage.connections (id, user_id, brokerage_slug, brokerage_name, disabled)
       VALUES ($1, $2, 'ALPACA', 'Alpaca', false)`,
      [connection.id, userId],
    );
    await db.query(
      `INSERT INTO brokerage.accounts (id, user_id, connection_id, position)
       SELECT id, $2, $3, position - 1 FROM unnest($1::text[]) WITH ORDINALITY AS a(id, position)`,
      [accounts.map((account) => account.id), userId, connection.id],
    );
    followers.push({ userId, accountId: accounts[0]!.id });
  }
  return followers;
}

async function drained(db: Client, total: number): Promise<void> {
  for (;;) {
    const {
      rows: [row],
    } = await db.query(
      `SELECT count(*) FILTER (WHERE dispatch_state IS NOT NULL)::int AS waiting, count(*)::int AS all
         FROM brokerage.order_intents`,
    );
    if (row.all === total && row.waiting === 0) return;
    await sleep(1_000);
  }
}

async function main(): Promise<void> {
  const fake = await FakeSnaptradeServer.start({
    rateLimitPerMinute: LIMIT_PER_MINUTE,
    rateLimitWindowMs: 60_000,
    tradesPerSecondPerAccount: 1,
  });
  const bench = await startBrokerageBench('bench_snaptrade_fanout', REPLICAS, {
    SNAPTRADE_CLIENT_ID: fake.clientId,
    SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
    SNAPTRADE_BASE_URL: fake.url,
  });
  try {
    const followers = await seedFollowers(bench.db, fake, ACCOUNTS);
    const eventId = randomUUID();
    const orders: PlaceOrderBatchOrder[] = Array.from({ length: ORDERS }, (_, index) => {
      const { userId, accountId } = followers[index % followers.length]!;
      return {
        userId,
        accountId,
        requestId: `${eventId}-${index}:${userId}`,
        order: { action: 'BUY', symbol: 'AAPL', quantity: 1 },
      };
    });
    const requestsBefore = fake.requests.length;
    const startedAt = Date.now();
    const replies = await Promise.all(
      Array.from({ length: Math.ceil(ORDERS / PLACE_ORDER_BATCH_MAX) }, (_, index) =>
        bench.placeBatch(orders.slice(index * PLACE_ORDER_BATCH_MAX, (index + 1) * PLACE_ORDER_BATCH_MAX)),
      ),
    );
    const queuedMs = Date.now() - startedAt;
    const notQueued = replies
      .flatMap((reply) => reply.results)
      .filter((result) => result.order?.state !== 'SUBMITTING');
    await drained(bench.db, ORDERS);
    const drainedMs = Date.now() - startedAt;

    const sent = fake.requests.slice(requestsBefore);
    const span = sent.length > 1 ? sent[sent.length - 1]!.at - sent[0]!.at : 0;
    const perMinute = span > 0 ? ((sent.length - 1) / span) * 60_000 : 0;
    const {
      rows: [intents],
    } = await bench.db.query(
      `SELECT count(*) FILTER (WHERE state = 'FILLED')::int AS filled,
              count(DISTINCT provider_order_id)::int AS distinct_orders,
              count(*) FILTER (WHERE state NOT IN ('FILLED'))::int AS other
         FROM brokerage.order_intents`,
    );
    const figures = {
      orders: ORDERS,
      accounts: ACCOUNTS,
      replicas: REPLICAS,
      batchesQueuedMs: queuedMs,
      drainedSeconds: Math.round(drainedMs / 100) / 10,
      requests: sent.length,
      requestsPerMinute: Math.round(perMinute * 10) / 10,
      ofAllowedPercent: Math.round((perMinute / LIMIT_PER_MINUTE) * 1000) / 10,
      throttled429: fake.throttled,
      responses429: sent.filter((request) => request.status === 429).length,
      peakRequestsPerRollingMinute: fake.peakRequestsPerWindow,
      peakTradesPerSecondPerAccount: fake.peakTradesPerSecond,
      placedAtProvider: fake.placedOrderCount(),
      notQueued: notQueued.length,
      ...intents,
    };
    console.log(JSON.stringify(figures, null, 2));
    const ok =
      figures.throttled429 === 0 &&
      figures.placedAtProvider === ORDERS &&
      intents.filled === ORDERS &&
      intents.distinct_orders === ORDERS &&
      notQueued.length === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    await bench.stop();
    await fake.stop();
  }
}

void main();
