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
import {
  MemoryRequestSchedule,
  PostgresRequestSchedule,
  RedisRequestSchedule,
  type RequestSchedule,
  type Reservation,
} from './request-schedule';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RateLimitOptions {
  /** The provider's limit per clientId in any rolling window (SnapTrade: 250 per 60 s). */
  requestsPerWindow: number;
  /** Requests of each window left unused for latency jitter (default 4 % of the limit, at least 1: 240 of 250). */
  headroom?: number;
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
 *
 * Requests: an evenly spaced schedule shared in the store (RequestSchedule): each request reserves the next instant
 * one interval after the previous one, interval = window / (limit − headroom), and waits for it — 240 of 250 per
 * minute with the default headroom, spread evenly, so any rolling window stays under the limit.
 * Trades: an account's one slot (rate-limiter-flexible's counters in the same store) is held while its trade is in
 * flight (a lease) and, once the call is over, for one more interval from then — so the provider sees the trades of
 * one account at least an interval apart whatever the latency of each call. A caller whose turn has not come waits
 * (msBeforeNext) and tries again, in line behind the callers of its own process, up to maxWaitMs.
 */
export class SnaptradeRateLimiter {
  private readonly schedule: RequestSchedule;
  private readonly requestIntervalMs: number;
  private readonly trades: RateLimiterAbstract;
  private readonly tradeSeconds: number;
  private readonly lines = new Map<string, Promise<void>>();

  constructor(
    private readonly options: RateLimitOptions,
    store: RateLimitStore,
    private readonly clientKey = 'client',
  ) {
    const headroom = options.headroom ?? Math.max(1, Math.ceil(options.requestsPerWindow * 0.04));
    const scheduled = Math.max(1, options.requestsPerWindow - headroom);
    this.requestIntervalMs = (options.windowSeconds * 1000) / scheduled;
    this.schedule = scheduleOf(store);
    // Redis counts whole seconds; elsewhere a small margin covers the provider's clock and the network.
    const seconds = (ms: number) => (store.kind === 'redis' ? Math.ceil(ms / 1000) : (ms + 50) / 1000);
    this.tradeSeconds = seconds(options.tradeIntervalMs);
    this.trades = createLimiter(store, 'snaptrade-trades', 1, seconds(options.tradeLeaseMs ?? 30_000));
  }

  /** Waits for the client's next request instant (refused, nothing reserved, when it is beyond maxWaitMs). */
  async acquireRequest(): Promise<void> {
    let reservation: Reservation;
    try {
      reservation = await this.schedule.reserve(this.clientKey, this.requestIntervalMs, this.options.maxWaitMs);
    } catch (error) {
      throw storeUnavailable(error);
    }
    if (!reservation.granted) throw tooBusy(reservation.waitMs);
    if (reservation.waitMs > 0) await sleep(reservation.waitMs);
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

function scheduleOf(store: RateLimitStore): RequestSchedule {
  if (store.kind === 'redis') return new RedisRequestSchedule(store.client);
  if (store.kind === 'memory') return new MemoryRequestSchedule();
  return new PostgresRequestSchedule(store.pool, `"${store.schema}"."provider_request_slots"`);
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
