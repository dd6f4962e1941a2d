import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { DEV_ACTOR_SIGNING_PRIVATE_KEY, envBoolean, ProcessConfig, ProductionSecret } from '@copytrade/nest';
import { join } from 'node:path';

/** Publicly known: signs CSRF tokens outside production only (production refuses it). */
export const DEV_CSRF_SECRET = 'development-only-csrf-secret-change-me-0123456789';

export class GatewayConfig extends ProcessConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  /** Signs CSRF tokens. Required in production (checked at boot); a fixed development value otherwise. */
  @ProductionSecret({ developmentValues: [DEV_CSRF_SECRET] })
  @IsString()
  @MinLength(32, { message: 'CSRF_SECRET must be at least 32 characters' })
  CSRF_SECRET?: string;

  /**
   * Ed25519 private key (base64 PKCS#8 DER) signing the actor of every RPC; only the gateway holds it, the services
   * hold its public key. The development key outside production, refused in production (docs/security.md).
   */
  @Matches(/^[A-Za-z0-9+/]{64}$/, {
    message: 'ACTOR_SIGNING_PRIVATE_KEY must be an Ed25519 private key, base64 PKCS#8 DER (docs/security.md)',
  })
  @ProductionSecret({ developmentValues: [DEV_ACTOR_SIGNING_PRIVATE_KEY], required: 'always' })
  ACTOR_SIGNING_PRIVATE_KEY: string = DEV_ACTOR_SIGNING_PRIVATE_KEY;

  /** Secure cookies with the __Host- prefix; on by default in production. */
  @IsOptional()
  @Transform(envBoolean)
  @IsBoolean()
  COOKIE_SECURE?: boolean;

  /** Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0: none). */
  @IsInt()
  @Min(0)
  TRUST_PROXY: number = 0;

  /**
   * Developer endpoints (/api/dev/*: the development mailbox, paper-market controls). Off unless set: the mailbox
   * shows every user's mail (reset links included), so only `npm start` and the tests turn it on. Refused in
   * production.
   */
  @Transform(envBoolean)
  // Only production checks it (ValidateIf gates every rule of the property); envBoolean already made it a boolean.
  @ValidateIf((config: GatewayConfig) => config.NODE_ENV === 'production')
  @Equals(false, { message: 'DEV_TOOLS must not be turned on in production' })
  DEV_TOOLS: boolean = false;

  /** Lifetime of a cached session lookup (0: no cache). Revocations clear it at once; this bounds a lost one. */
  @IsInt()
  @Min(0)
  @Max(300)
  SESSION_CACHE_TTL_SECONDS: number = 30;

  /** Sessions kept in each gateway's cache (least recently used dropped first). */
  @IsInt()
  @Min(1)
  SESSION_CACHE_MAX_ENTRIES: number = 10_000;

  /**
   * When set, investor statistics also require this value in the `x-system-key` header (the web app's system key).
   * An extra check on top of the admin session, never instead of it. Unset: the admin session alone decides.
   */
  @ProductionSecret({ required: false })
  @IsString()
  @MinLength(16, { message: 'INVESTOR_STATS_SYSTEM_KEY must be at least 16 characters' })
  INVESTOR_STATS_SYSTEM_KEY?: string;

  /**
   * POST /api/webhooks/snaptrade: refused posts (unsigned, forged, oversized…) one client address may send per
   * window before it gets 429. Accepted ones give their point back, so SnapTrade's deliveries never run it down.
   * Kept per gateway replica.
   */
  @IsInt()
  @Min(1)
  WEBHOOK_MAX_REFUSALS_PER_ADDRESS: number = 30;

  @IsInt()
  @Min(1)
  @Max(3600)
  WEBHOOK_REFUSAL_WINDOW_SECONDS: number = 60;

  /** The built web app served on the same origin. */
  @IsString()
  WEB_DIST_DIR: string = join(__dirname, '..', '..', '..', 'web', 'dist');

  get secureCookies(): boolean {
    return this.COOKIE_SECURE ?? this.isProduction;
  }

  get sessionCookieName(): string {
    return this.secureCookies ? '__Host-ct_session' : 'ct_session';
  }

  /** Validation made production set its own, so the fallback serves development and tests only. */
  get csrfSecret(): string {
    return this.CSRF_SECRET ?? DEV_CSRF_SECRET;
  }
}
