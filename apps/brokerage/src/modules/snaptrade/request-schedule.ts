import type Redis from 'ioredis';
import type { Pool } from 'pg';

/** A reservation: wait `waitMs` then send; or refused (nothing reserved) because the turn is further than allowed. */
export type Reservation = { granted: true; waitMs: number } | { granted: false; waitMs: number };

/**
 * An evenly spaced schedule of one client's requests, shared by every replica (GCRA without burst): each caller
 * reserves the next free instant, at least `intervalMs` after the previous one, and waits until then. Any rolling
 * window W then holds at most W / interval + 1 requests, so a schedule at (limit − headroom) per window uses the
 * provider's budget almost fully and never exceeds it; fixed windows could only use half to 88 % of it safely.
 * Instants come from the store's clock (one clock for all replicas), waits are relative to it.
 */
export interface RequestSchedule {
  reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<Reservation>;
}

/** One row per key in PostgreSQL: one upsert reserves the slot (its row lock orders concurrent callers). */
export class PostgresRequestSchedule implements RequestSchedule {
  constructor(
    private readonly pool: Pool,
    private readonly table: string,
  ) {}

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<Reservation> {
    // The conditional upsert reserves only a slot within the wait; otherwise the second query tells how far it is.
    const { rows } = await this.pool.query<{ wait_ms: number }>(
      `WITH t AS (SELECT clock_timestamp() AS now)
       INSERT INTO ${this.table} AS s (key, next_at)
       SELECT $1, t.now + make_interval(secs => $2 / 1000.0) FROM t
       ON CONFLICT (key) DO UPDATE
          SET next_at = greatest(s.next_at, (SELECT now FROM t)) + make_interval(secs => $2 / 1000.0)
        WHERE s.next_at <= (SELECT now FROM t) + make_interval(secs => $3 / 1000.0)
       RETURNING greatest(0, extract(epoch FROM s.next_at - (SELECT now FROM t)) * 1000 - $2)::float8 AS wait_ms`,
      [key, intervalMs, maxWaitMs],
    );
    if (rows[0]) return { granted: true, waitMs: rows[0].wait_ms };
    const { rows: busy } = await this.pool.query<{ wait_ms: number }>(
      `SELECT greatest(0, extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS wait_ms
         FROM ${this.table} WHERE key = $1`,
      [key],
    );
    return { granted: false, waitMs: busy[0]?.wait_ms ?? maxWaitMs };
  }
}

/** The same in Redis, atomically in a script on the server's clock. */
export class RedisRequestSchedule implements RequestSchedule {
  private static readonly SCRIPT = `
    local time = redis.call('TIME')
    local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
    local start = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
    if start - now > tonumber(ARGV[2]) then return -math.ceil(start - now) - 1 end
    local nextAt = start + tonumber(ARGV[1])
    redis.call('SET', KEYS[1], tostring(nextAt), 'PX', math.ceil(nextAt - now) + 1000)
    return math.ceil(start - now)`;

  constructor(private readonly client: Redis) {}

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<Reservation> {
    const result = Number(
      await this.client.eval(RedisRequestSchedule.SCRIPT, 1, `snaptrade-schedule:${key}`, intervalMs, maxWaitMs),
    );
    return result >= 0 ? { granted: true, waitMs: result } : { granted: false, waitMs: -result - 1 };
  }
}

/** One process only (unit tests). */
export class MemoryRequestSchedule implements RequestSchedule {
  private readonly next = new Map<string, number>();

  reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<Reservation> {
    const now = Date.now();
    const start = Math.max(this.next.get(key) ?? 0, now);
    if (start - now > maxWaitMs) return Promise.resolve({ granted: false, waitMs: start - now });
    this.next.set(key, start + intervalMs);
    return Promise.resolve({ granted: true, waitMs: start - now });
  }
}
