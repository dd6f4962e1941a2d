import { randomUUID } from 'node:crypto';
import { runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, FakeSnaptradeServer, type TestDatabase } from '@copytrade/testing';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { brokerageDataSourceOptions } from '../../src/database/data-source';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
import {
  SnaptradeRateLimiter,
  type RateLimitOptions,
  type RateLimitStore,
} from '../../src/modules/snaptrade/snaptrade-rate-limiter';
import { SnaptradeProvider } from '../../src/modules/snaptrade/snaptrade.provider';

/** The provider's limits, shortened so the test runs in seconds: 20 requests per 2 s, 1 trade per second per account. */
const LIMITS: RateLimitOptions = {
  requestsPerWindow: 20,
  windowSeconds: 2,
  tradeIntervalMs: 1_000,
  maxWaitMs: 30_000,
  tradeLeaseMs: 10_000,
};
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let fake: FakeSnaptradeServer;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase('brokerage_rate_limits');
  await runServiceMigrations(brokerageDataSourceOptions(database.url));
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
});
beforeEach(async () => {
  fake = await FakeSnaptradeServer.start({
    rateLimitPerMinute: LIMITS.requestsPerWindow,
    rateLimitWindowMs: LIMITS.windowSeconds * 1000,
    tradesPerSecondPerAccount: 1,
  });
});
afterEach(() => fake.stop());

/** What one brokerage replica has of its own: a connection to the store, a limiter, an SDK client. */
function replica(store: 'postgres' | 'redis' | 'memory', clientKey: string): SnaptradeProvider {
  let shared: RateLimitStore;
  if (store === 'postgres') {
    const pool = new Pool({ connectionString: database.url, max: 3 });
    closers.push(() => pool.end());
    shared = { kind: 'postgres', pool, schema: 'brokerage', table: 'provider_rate_limits' };
  } else if (store === 'redis') {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    closers.push(() => client.quit());
    shared = { kind: 'redis', client };
  } else shared = { kind: 'memory' };
  return new SnaptradeProvider({
    clientId: fake.clientId,
    consumerKey: fake.consumerKey,
    basePath: fake.url,
    limiter: new SnaptradeRateLimiter(LIMITS, shared, clientKey),
    logger: { warn: () => undefined },
  });
}

async function connectedUser(
  provider: SnaptradeProvider,
): Promise<{ user: ProviderUserCredentials; accountId: string }> {
  const user = await provider.registerUser(randomUUID());
  await fake.completePortal(await provider.connectionPortalUrl(user, { connectionType: 'trade' }));
  return { user, accountId: (await provider.listAccounts(user))[0]!.id };
}

/** 30 reads and 4 trades on one account, half through each replica, all at once. */
async function burst(replicas: SnaptradeProvider[], user: ProviderUserCredentials, accountId: string) {
  const calls = Array.from({ length: 34 }, (_, index) => {
    const provider = replicas[index % replicas.length]!;
    return index < 4
      ? provider.placeMarketOrder(user, {
          accountId,
          clientOrderId: randomUUID(),
          order: { action: 'BUY', symbol: 'AAPL', underlying: 'AAPL', quantity: '1', option: null },
        })
      : provider.listAccounts(user);
  });
  return Promise.allSettled(calls);
}

describe.each(['postgres', 'redis'] as const)('shared by two replicas through %s', (store) => {
  it('a burst through both never meets a 429 and every request completes, in its turn', async () => {
    const clientKey = `client-${randomUUID()}`;
    const replicas = [replica(store, clientKey), replica(store, clientKey)];
    const { user, accountId } = await connectedUser(replicas[0]!);
    const sentBefore = fake.requests.length;
    const outcomes = await burst(replicas, user, accountId);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(fake.throttled).toBe(0);
    expect(fake.requests.length - sentBefore).toBe(34);
    expect(fake.peakRequestsPerWindow).toBeLessThanOrEqual(LIMITS.requestsPerWindow);
    expect(fake.peakTradesPerSecond).toBe(1);
    expect(fake.state.orders.filter((order) => order.accountId === accountId)).toHaveLength(4);
  }, 60_000);
});

it('limiters of their own per replica (as before) do meet 429s: the limit must be shared', async () => {
  const replicas = [replica('memory', 'a'), replica('memory', 'b')];
  const { user, accountId } = await connectedUser(replicas[0]!);
  const outcomes = await burst(replicas, user, accountId);
  expect(fake.throttled).toBeGreaterThan(0);
  expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
}, 60_000);
