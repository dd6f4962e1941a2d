import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The PENDING rows of `table` (copy_instances, copy_sells) whose brokerage call is due — never called, not answered,
 * or to be asked about again — their calls claimed for this replica: a lease (in_flight_until) and the next attempt
 * pushed past it, SKIP LOCKED so replicas share them without doubling. Answers their ids.
 */
export async function claimDuePending(
  manager: EntityManager,
  table: string,
  limit: number,
  leaseMs: number,
): Promise<string[]> {
  const result = (await manager.query(
    `UPDATE ${table} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000),
            next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), attempts = attempts + 1,
            updated_at = now()
      WHERE id IN (SELECT id FROM ${table}
                    WHERE status = 'PENDING' AND next_attempt_at <= now()
                      AND (in_flight_until IS NULL OR in_flight_until <= now())
                    ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [limit, leaseMs],
  )) as unknown;
  // TypeORM answers an UPDATE … RETURNING as [rows, count] on PostgreSQL.
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/**
 * The shell of a sweeper of PENDING work: every `intervalMs` (0: never, for tests that drive it), one sweep at a
 * time, claims up to `batch` due ids and resumes each (concurrently); a failure is logged and the row stays
 * PENDING for a later sweep — nothing is ever failed for taking long. Shutdown waits for the sweep under way.
 */
export abstract class PendingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  protected constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly batch: number,
  ) {}

  /** Claims up to `limit` due rows for this replica (claimDuePending). */
  protected abstract claim(limit: number): Promise<string[]>;
  /** Resumes one claimed row (the same request id again). */
  protected abstract resume(id: string): Promise<void>;

  onApplicationBootstrap(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(
      () => void this.sweepOnce().catch((error: unknown) => this.failed(error)),
      this.intervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One sweep (not overlapping another): answers how many rows it resumed. */
  sweepOnce(): Promise<number> {
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  private async sweep(): Promise<number> {
    const ids = await this.claim(this.batch);
    await Promise.all(ids.map((id) => this.resume(id).catch((error: unknown) => this.failed(error))));
    return ids.length;
  }

  private failed(error: unknown): void {
    this.logger.warn({ err: error }, `${this.what} sweep failed; they stay pending for the next sweep`);
  }
}
