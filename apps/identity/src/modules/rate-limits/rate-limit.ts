import { DomainException } from '@copytrade/nest';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from 'pg';

export interface RateLimitPolicy {
  /** Key prefix in the table, e.g. 'forgot-password:email'. */
  name: string;
  points: number;
  durationSeconds: number;
  /** The 429 message. */
  message: string;
}

/**
 * One counter kind (per e-mail, per address, per user...) kept in PostgreSQL by rate-limiter-flexible, so it
 * holds across every replica. `consume` takes a point atomically (one upsert), so parallel calls can never
 * all pass a check made before any of them counted; `reward` gives a point back to count only failures.
 */
export class RateLimit {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    pool: Pool,
    table: string,
    readonly policy: RateLimitPolicy,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      schemaName: 'identity',
      tableName: table,
      tableCreated: true,
      keyPrefix: policy.name,
      points: policy.points,
      duration: policy.durationSeconds,
      clearExpiredByTimeout: true,
    });
  }

  /**
   * Counts one call; 429 once the key has spent its points in the window. Returns the points spent in the window,
   * this call's included. `durationSeconds` sets the window of a key that starts one (the policy's otherwise).
   */
  async consume(key: string, { durationSeconds }: { durationSeconds?: number } = {}): Promise<number> {
    try {
      const options = durationSeconds === undefined ? {} : { customDuration: durationSeconds };
      return (await this.limiter.consume(key, 1, options)).consumedPoints;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw this.refusal(outcome);
      throw outcome;
    }
  }

  /** Gives back a point taken by consume (a call that turned out not to count, e.g. a successful login). */
  async reward(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  private refusal(state: RateLimiterRes): DomainException {
    return DomainException.tooManyRequests(this.policy.message, Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }
}

/** Counts the call against each limit whose key is known (a call without a client address has no address limit). */
export async function consumeEach(entries: [RateLimit, string | undefined][]): Promise<void> {
  for (const [limit, key] of entries) if (key) await limit.consume(key);
}
