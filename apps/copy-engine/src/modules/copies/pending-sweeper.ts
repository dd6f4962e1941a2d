import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { returnedRows, WorkLoop } from '@copytrade/nest';
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
  return returnedRows<{ id: string }>(result).map((row) => row.id);
}

/**
 * A sweeper of PENDING work: every `intervalMs` (0: never, for tests that drive it), one sweep at a time (WorkLoop),
 * claims up to `batch` due ids and resumes each (concurrently); a failure is logged and the row stays PENDING for a
 * later sweep — nothing is ever failed for taking long. Shutdown waits for the sweep under way.
 */
export abstract class PendingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps: WorkLoop<number>;

  protected constructor(
    private readonly logger: Logger,
    private readonly what: string,
    intervalMs: number,
    private readonly batch: number,
  ) {
    this.sweeps = new WorkLoop({ pass: () => this.sweep(), intervalMs, failed: (error) => this.failed(error) });
  }

  /** Claims up to `limit` due rows for this replica (claimDuePending). */
  protected abstract claim(limit: number): Promise<string[]>;
  /** Resumes one claimed row (the same request id again). */
  protected abstract resume(id: string): Promise<void>;

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** One sweep (not overlapping another): answers how many rows it resumed. */
  sweepOnce(): Promise<number> {
    return this.sweeps.runOnce();
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
