import { IsEmail, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { BaseServiceConfig } from '@copytrade/nest';

export class IdentityConfig extends BaseServiceConfig {
  /** Absolute lifetime of a session; after it the user signs in again. */
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  SESSION_TTL_HOURS: number = 24 * 7;

  /** Failed logins allowed per account, and per client address, within LOGIN_FAILURE_WINDOW_SECONDS. */
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 5;

  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ADDRESS: number = 20;

  @IsInt()
  @Min(1)
  LOGIN_FAILURE_WINDOW_SECONDS: number = 15 * 60;

  /** The first admin, created on start when missing. Outside production the documented defaults apply. */
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL: string = 'admin@copytrade.local';

  @IsString()
  @MinLength(3)
  ADMIN_USERNAME: string = 'admin';

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  ADMIN_PASSWORD?: string;
}

/** Development-only defaults, printed by `npm start`; production requires ADMIN_PASSWORD to seed an admin. */
export const DEV_ADMIN_PASSWORD = 'Admin-Beta-2026!';
export const DEV_DEMO_USER = { username: 'demo', email: 'demo@copytrade.local', password: 'Demo-Trader-2026!', firstName: 'Demo', lastName: 'Trader' };
