import type Redis from 'ioredis';
import type { Pool } from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ProviderError } from '../provider/provider.error';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RateLimitOptions {
  /** The provider's limit per clientId in any rolling window (SnapTrade: 250 per 60 s). */
  requestsPerWindow: number;
  /** Whole seconds (Redis expiries are whole seconds). */
  windowSeconds: number;
  /** Minimum spacing of trades on one account (SnapTrade: about 1 trade per second). */
  tradeIntervalMs: number;
  /** A caller waits at most this long for its turn; beyond, it is refused (503, nothing sent). */
  maxWaitMs: number;
  /** How long a trade holds its account's slot at most (its call's timeout): a crashed replica's slot frees itself. */
  tradeLeaseMs?: number;
}

/** Ends a trade's hold on its account: the next trade may start one interval from now. */
export type TradeSlot = () => Promise<void>;

/** Where the counters live: PostgreSQL (default) or Redis, shared by every replica; memory for unit tests only. */
export type RateLimitStore =
  | { kind: 'postgres'; pool: Pool; schema: string; table: string }
  | { kind: 'redis'; client: Redis }
  | { kind: 'memory' };

/**
 * Keeps every brokerage replica together under the provider's limits, so they are never discovered by 429s.
 * The counters are rate-limiter-flexible's, in a store all replicas share; a caller whose turn has not come
 * waits (msBeforeNext) and tries again, in line behind the callers of its own process, up to maxWaitMs.
 *
 * Requests: the store's windows are fixed (each starts at its first call), and any rolling window W overlaps
 * at most k+1 windows of W/k, so each gets ⌊limit/(k+1)⌋ (k chosen for the largest total: 220 of 250/min).
 * Trades: an account's one slot is held while its trade is in flight (a lease) and, once the call is over,
 * for one more interval from then — so the provider sees the trades of one account at least an interval apart
 * whatever the latency of each call.
 */
export class SnaptradeRateLimiter {
  private readonly requests: RateLimiterAbstract;
  private readonly trades: RateLimiterAbstract;
  private readonly tradeSeconds: number;
  private readonly lines = new Map<string, Promise<void>>();

  constructor(
    private readonly options: RateLimitOptions,
    store: RateLimitStore,
    private readonly clientKey = 'client',
  ) {
    const slice = windowSlicing(options.requestsPerWindow, options.windowSeconds);
    // Redis counts whole seconds; elsewhere a small margin covers the provider's clock and the network.
    const seconds = (ms: number) => (store.kind === 'redis' ? Math.ceil(ms / 1000) : (ms + 50) / 1000);
    this.tradeSeconds = seconds(options.tradeIntervalMs);
    this.requests = createLimiter(store, 'snaptrade-requests', slice.points, slice.seconds);
    this.trades = createLimiter(store, 'snaptrade-trades', 1, seconds(options.tradeLeaseMs ?? 30_000));
  }

  /** Waits for a request of the client's budget. */
  acquireRequest(): Promise<void> {
    return this.inLine(this.requests, this.clientKey, Infinity);
  }

  /** Waits for the account's slot and holds it; the returned function ends the hold once the trade's call is over. */
  async acquireTrade(accountId: string): Promise<TradeSlot> {
    // A slot is freed early (by its holder's set) more often than it expires: look again at least every quarter interval.
    await this.inLine(this.trades, accountId, this.options.tradeIntervalMs / 4);
    return async () => {
      await this.trades.set(accountId, 1, this.tradeSeconds).catch(() => undefined); // Else the lease runs out.
    };
  }

  /** One caller per key and process asks the store at a time, in arrival order; each gives up at its own deadline. */
  private inLine(limiter: RateLimiterAbstract, key: string, maxPollMs: number): Promise<void> {
    const deadline = Date.now() + this.options.maxWaitMs;
    const lineKey = `${limiter.keyPrefix}:${key}`;
    const ahead = this.lines.get(lineKey) ?? Promise.resolve();
    let expired = false;
    const turn = ahead.then(() => (expired ? undefined : this.take(limiter, key, deadline, maxPollMs)));
    const tail = turn.catch(() => undefined);
    this.lines.set(lineKey, tail);
    void tail.then(() => {
      if (this.lines.get(lineKey) === tail) this.lines.delete(lineKey);
    });
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        reject(tooBusy(this.options.maxWaitMs));
      }, this.options.maxWaitMs + 1);
    });
    return Promise.race([turn, giveUp]).finally(() => clearTimeout(timer));
  }

  private async take(limiter: RateLimiterAbstract, key: string, deadline: number, maxPollMs: number): Promise<void> {
    for (;;) {
      try {
        await limiter.consume(key);
        return;
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw storeUnavailable(outcome);
        // Replicas woken together would collide again: a little jitter spreads them.
        const waitMs = outcome.msBeforeNext + Math.floor(Math.random() * 25);
        if (Date.now() + Math.min(waitMs, maxPollMs) > deadline) throw tooBusy(waitMs);
        await sleep(Math.min(waitMs, maxPollMs));
      }
    }
  }
}

/** The k (1–10, dividing the window into whole seconds) that lets the most requests through safely. */
export function windowSlicing(limit: number, windowSeconds: number): { points: number; seconds: number } {
  let best = { points: Math.max(1, Math.floor(limit / 2)), seconds: windowSeconds, total: Math.floor(limit / 2) };
  for (let k = 2; k <= 10; k += 1) {
    if (windowSeconds % k !== 0) continue;
    const points = Math.floor(limit / (k + 1));
    if (points >= 1 && points * k > best.total) best = { points, seconds: windowSeconds / k, total: points * k };
  }
  return { points: best.points, seconds: best.seconds };
}

function createLimiter(
  store: RateLimitStore,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
  if (store.kind === 'redis') return new RateLimiterRedis({ storeClient: store.client, keyPrefix, points, duration });
  if (store.kind === 'memory') return new RateLimiterMemory({ keyPrefix, points, duration });
  return new RateLimiterPostgres({
    storeClient: store.pool,
    storeType: 'pool',
    schemaName: store.schema,
    tableName: store.table,
    tableCreated: true,
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration,
  });
}

/** Refused before anything was sent: an order refused here was certainly not placed. */
function tooBusy(waitMs: number): ProviderError {
  return new ProviderError('UNAVAILABLE', 'The brokerage is busy: the request waited too long for its turn', {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    outcome: 'not-placed',
  });
}

function storeUnavailable(error: unknown): ProviderError {
  return new ProviderError(
    'UNAVAILABLE',
    `Rate limit store unavailable: ${error instanceof Error ? error.message : String(error)}`,
    { retryAfterSeconds: 5, outcome: 'not-placed' },
  );
}
