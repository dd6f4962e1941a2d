import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@copytrade/nest';

export class CopyEngineConfig extends BaseServiceConfig {
  /**
   * How long a brokerage call for a copy is held as under way: a retry of the same request id meanwhile answers 409,
   * and the sweeper resumes the copy only after it (a crash between recording the copy and the brokerage's answer).
   * Longer than the placement's own timeout (30 s).
   */
  @IsInt()
  @Min(1_000)
  @Max(10 * 60_000)
  COPY_BROKERAGE_LEASE_MS: number = 60_000;

  /** How often the sweeper looks for PENDING copies to resume (0: never, for tests that drive it themselves). */
  @IsInt()
  @Min(0)
  @Max(10 * 60_000)
  COPY_SWEEP_INTERVAL_MS: number = 5_000;
}
