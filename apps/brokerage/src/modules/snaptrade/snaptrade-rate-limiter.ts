import { ProviderError } from '../provider/provider.error';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RateLimitOptions {
  /** The provider's limit per rolling minute (SnapTrade: 250 per clientId). */
  requestsPerMinute: number;
  /** Tokens available at once; refill is the rest, so burst + refill never exceeds the limit in any 60 s. */
  burst: number;
  /** Minimum spacing of trades on one account (SnapTrade: about 1 trade per second). */
  tradeIntervalMs: number;
  /** A caller never waits longer than this for a slot: it gets RATE_LIMITED with a retry time instead. */
  maxWaitMs: number;
}

/**
 * Keeps this process under the provider's limits so they are never discovered by 429s: a token bucket per
 * client and a per-account spacing of trades. Both are in-process: with several brokerage replicas each
 * would need its share of the limit, or a limiter shared through Postgres (rate-limiter-flexible's store).
 */
export class SnaptradeRateLimiter {
  private tokens: number;
  private lastRefill = Date.now();
  private readonly refillPerMs: number;
  private readonly nextTradeAt = new Map<string, number>();

  constructor(private readonly options: RateLimitOptions) {
    this.tokens = options.burst;
    this.refillPerMs = (options.requestsPerMinute - options.burst) / 60_000;
  }

  /** Waits for a request token (reservations keep callers in arrival order). */
  async acquireRequest(): Promise<void> {
    const now = Date.now();
    this.tokens = Math.min(this.options.burst, this.tokens + (now - this.lastRefill) * this.refillPerMs);
    this.lastRefill = now;
    const waitMs = this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / this.refillPerMs);
    if (waitMs > this.options.maxWaitMs) throw tooBusy(waitMs);
    this.tokens -= 1;
    if (waitMs > 0) await sleep(waitMs);
  }

  /** Waits for the account's next trade slot and books it. */
  async acquireTrade(accountId: string): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextTradeAt.get(accountId) ?? 0);
    if (slot - now > this.options.maxWaitMs) throw tooBusy(slot - now);
    this.nextTradeAt.set(accountId, slot + this.options.tradeIntervalMs);
    if (this.nextTradeAt.size > 10_000) this.forgetPast(now);
    if (slot > now) await sleep(slot - now);
  }

  private forgetPast(now: number): void {
    for (const [accountId, at] of this.nextTradeAt) if (at < now) this.nextTradeAt.delete(accountId);
  }
}

/** Refused before anything was sent: an order refused here was certainly not placed. */
function tooBusy(waitMs: number): ProviderError {
  return new ProviderError('RATE_LIMITED', 'Provider request budget exhausted', {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    outcome: 'not-placed',
  });
}
