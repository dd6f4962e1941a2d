import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsString, IsUrl, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { BaseServiceConfig, envBoolean, ProductionSecret } from '@copytrade/nest';

/** Development-only defaults, printed by `npm start`; production refuses them (and seeds an admin only from ADMIN_PASSWORD). */
export const DEV_ADMIN_PASSWORD = 'Admin-Beta-2026!';
export const DEV_CODE_HASH_SECRET = 'development-only-code-hash-secret-0123456789';
export const DEV_NOTIFICATION_UNSUBSCRIBE_SECRET = 'development-only-unsubscribe-secret-0123456789';

export class IdentityConfig extends BaseServiceConfig {
  /** Absolute lifetime of a session; after it the user signs in again. */
  @IsInt()
  @Min(1)
  @Max(24 * 90)
  SESSION_TTL_HOURS: number = 24 * 7;

  /** Login limits (docs/security.md#login-limits), all within LOGIN_FAILURE_WINDOW_SECONDS: failures of one address on one account before 429 there. */
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: number = 5;

  /** Failures of one address across accounts before 429 there. */
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILURES_PER_ADDRESS: number = 20;

  /** Failures of an account, across addresses, before addresses that failed on it are slowed down. */
  @IsInt()
  @Min(1)
  LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN: number = 5;

  /** Failures of an account, across addresses, before addresses new to it are slowed down as well. */
  @IsInt()
  @Min(1)
  LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWING_NEW_ADDRESSES: number = 100;

  /** The longest interval between two attempts on a slowed-down account (it doubles with each failure). */
  @IsInt()
  @Min(1)
  @Max(3600)
  LOGIN_SLOWDOWN_MAX_SECONDS: number = 60;

  @IsInt()
  @Min(1)
  LOGIN_FAILURE_WINDOW_SECONDS: number = 15 * 60;

  /** The first admin, created on start when missing. Outside production the documented defaults apply. */
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL: string = 'admin@copytrade.local';

  @IsString()
  @MinLength(3)
  ADMIN_USERNAME: string = 'admin';

  /** Production may leave it unset (no admin is seeded) but never use the published development one. */
  @ProductionSecret({ developmentValues: [DEV_ADMIN_PASSWORD], required: false })
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  /** Beta capacity: how many users may sign up (the seeded admin and demo users do not count). */
  @IsInt()
  @Min(0)
  BETA_MAX_USERS: number = 100;

  /** Initial value of the "auto-approve beta requests" setting, until an admin changes the stored one. */
  @Transform(envBoolean)
  @IsBoolean()
  BETA_AUTO_APPROVE: boolean = true;

  /** Lifetime of an e-mailed beta code. */
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  BETA_CODE_TTL_MINUTES: number = 30;

  /** How long a verified beta code lets its e-mail address sign up. */
  @IsInt()
  @Min(1)
  @Max(7 * 24 * 60)
  BETA_SIGNUP_WINDOW_MINUTES: number = 60;

  /** Lifetime of a password reset link. */
  @IsInt()
  @Min(5)
  @Max(24 * 60)
  PASSWORD_RESET_TTL_MINUTES: number = 60;

  /** The address users open (the gateway's): links in e-mails point there. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL: string = 'http://localhost:3000';

  /** Outgoing mail (smtp://user:pass@host:port or smtps://...). Required in production; otherwise mail goes to the dev mailbox. */
  @ValidateIf((config: IdentityConfig) => config.NODE_ENV === 'production' || config.SMTP_URL !== undefined)
  @IsUrl(
    { require_tld: false, protocols: ['smtp', 'smtps'] },
    { message: 'SMTP_URL must be set in production (smtp:// or smtps:// URL): without it no e-mail can be sent' },
  )
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM: string = 'CopyTrade <no-reply@copytrade.local>';

  /** Keys the HMAC of stored beta codes, so a database leak alone does not reveal them. Required in production. */
  @ProductionSecret({ developmentValues: [DEV_CODE_HASH_SECRET] })
  @IsString({ message: 'CODE_HASH_SECRET must be a string of at least 32 characters' })
  @MinLength(32, { message: 'CODE_HASH_SECRET must be at least 32 characters' })
  CODE_HASH_SECRET?: string;

  /**
   * Whether identity creates notifications from events and ops alerts (the calls that read them answer either way).
   * Off, its notification consumers are not registered: turned on again, they start from the stream's history, which
   * NOTIFICATIONS_MAX_EVENT_AGE_HOURS keeps from telling old news.
   */
  @Transform(envBoolean)
  @IsBoolean()
  NOTIFICATIONS_ENABLED: boolean = true;

  /** Notifications (the bell, /notifications) are deleted this many days after they were created or last raised. */
  @IsInt()
  @Min(1)
  @Max(3650)
  NOTIFICATIONS_RETENTION_DAYS: number = 90;

  /**
   * An event older than this tells no one (it only updates what identity keeps): a consumer created on a stream holding
   * weeks of history, or replaying it, must not notify of old trades and copies.
   */
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  NOTIFICATIONS_MAX_EVENT_AGE_HOURS: number = 24;

  get codeHashSecret(): string {
    return this.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET;
  }

  /** Notification e-mails (docs/notification-emails.md): at most one e-mail per user within this window. */
  @IsInt()
  @Min(0)
  @Max(7 * 24 * 3600)
  NOTIFICATION_EMAIL_WINDOW_SECONDS: number = 15 * 60;

  /** How long the oldest unsent notification of a user waits before its e-mail goes, so a burst becomes one e-mail. */
  @IsInt()
  @Min(0)
  @Max(3600)
  NOTIFICATION_EMAIL_GATHER_SECONDS: number = 30;

  /** Notification e-mails one replica sends per minute at most (evenly spaced). */
  @IsInt()
  @Min(1)
  @Max(600_000)
  NOTIFICATION_EMAIL_RATE_PER_MINUTE: number = 600;

  /** Keys the HMAC of the e-mails' one-click unsubscribe links. Required in production. */
  @ProductionSecret({ developmentValues: [DEV_NOTIFICATION_UNSUBSCRIBE_SECRET] })
  @IsString({ message: 'NOTIFICATION_UNSUBSCRIBE_SECRET must be a string of at least 32 characters' })
  @MinLength(32, { message: 'NOTIFICATION_UNSUBSCRIBE_SECRET must be at least 32 characters' })
  NOTIFICATION_UNSUBSCRIBE_SECRET?: string;

  get notificationUnsubscribeSecret(): string {
    return this.NOTIFICATION_UNSUBSCRIBE_SECRET ?? DEV_NOTIFICATION_UNSUBSCRIBE_SECRET;
  }
}

export const DEV_DEMO_USER = {
  username: 'demo',
  email: 'demo@copytrade.local',
  password: 'Demo-Trader-2026!',
  firstName: 'Demo',
  lastName: 'Trader',
};
