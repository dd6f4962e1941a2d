import { IsInt, Max, Min } from 'class-validator';
import { BaseServiceConfig } from '@copytrade/nest';

export class TracesConfig extends BaseServiceConfig {
  /** At most one real-time brokerage refresh per owner in this many seconds (held in PostgreSQL, for every replica). */
  @IsInt()
  @Min(1)
  @Max(24 * 60 * 60)
  REFRESH_BROKERAGE_COOLDOWN_SECONDS: number = 180;
}
