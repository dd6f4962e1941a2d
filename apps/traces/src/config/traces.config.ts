import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@copytrade/nest';

export class TracesConfig extends BaseServiceConfig {
  /** At most one real-time brokerage refresh per owner in this many seconds (held in PostgreSQL, for every replica). */
  @IsInt()
  @Min(1)
  @Max(24 * 60 * 60)
  REFRESH_BROKERAGE_COOLDOWN_SECONDS: number = 180;

  /**
   * How long the gateway may answer a traces read (the list, a trace's page, its trades) again from memory; 0: never
   * kept. Every change drops it sooner (TracesChanged, before the change is answered); this bounds a lost drop.
   */
  @IsInt()
  @Min(0)
  @Max(60)
  TRACES_READ_CACHE_TTL_SECONDS: number = 5;
}
