import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { BaseServiceConfig, ProductionSecret } from '@copytrade/nest';

/** Publicly known development key ("dev-only-key-not-for-production!", also docker-compose's fallback). Never valid in production. */
export const DEV_SECRETS_ENCRYPTION_KEY = 'ZGV2LW9ubHkta2V5LW5vdC1mb3ItcHJvZHVjdGlvbiE=';

const trimTrailingSlash = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/\/+$/, '') : value;

export class BrokerageConfig extends BaseServiceConfig {
  /**
   * How long the gateway may answer a user's account list (a provider round trip and a link sync) again from memory;
   * 0: never kept. Brokerage writes through any gateway drop it at once; this bounds changes made elsewhere (the
   * provider's own portal, fills of resting orders).
   */
  @IsInt()
  @Min(0)
  @Max(60)
  BROKERAGE_READ_CACHE_TTL_SECONDS: number = 5;

  /** SnapTrade Commercial API key; with SNAPTRADE_CONSUMER_KEY it selects the SnapTrade provider, else the paper broker. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  SNAPTRADE_CLIENT_ID?: string;

  @ProductionSecret({ required: false })
  @IsString()
  @MinLength(1)
  SNAPTRADE_CONSUMER_KEY?: string;

  /** The SDK signs paths without this prefix, and a trailing slash would break signing: it is removed. */
  @Transform(trimTrailingSlash)
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'SNAPTRADE_BASE_URL must be an http(s) URL' })
  SNAPTRADE_BASE_URL: string = 'https://api.snaptrade.com';

  /** 32 random bytes, base64: encrypts provider user secrets (AES-256-GCM). Required in production. */
  @ProductionSecret({ developmentValues: [DEV_SECRETS_ENCRYPTION_KEY] })
  @Matches(/^[A-Za-z0-9+/]{43}=$/, {
    message:
      'SECRETS_ENCRYPTION_KEY must be 32 random bytes in base64 (openssl rand -base64 32); required in production',
  })
  SECRETS_ENCRYPTION_KEY?: string;

  /** Paper market hours: real US hours (US/Eastern, Mon–Fri 9:30–16:00, holidays ignored) or always open. */
  @IsOptional()
  @IsIn(['real', 'always-open'], { message: "PAPER_MARKET_HOURS must be 'real' or 'always-open'" })
  PAPER_MARKET_HOURS?: 'real' | 'always-open';

  /** Seed of the paper broker's simulated prices: the same seed gives the same prices at the same time. */
  @IsString()
  @MinLength(1)
  PAPER_PRICE_SEED: string = 'copytrade';

  /** Origin of the gateway (the web app), used to build the paper portal URL and redirects. */
  @Transform(trimTrailingSlash)
  @Matches(/^https?:\/\/[^\s/]+$/, { message: 'PUBLIC_URL must be an origin such as https://app.example.com' })
  PUBLIC_URL: string = 'http://localhost:3000';

  /** Balance snapshots for the portfolio chart: at most one per account per this many minutes. */
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  PORTFOLIO_SNAPSHOT_MINUTES: number = 15;

  /** Redis shared by the replicas for the SnapTrade rate limits; unset: the limits are kept in PostgreSQL. */
  @IsOptional()
  @Matches(/^rediss?:\/\/[^\s]+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** SnapTrade's limit per clientId in its rolling window (250 per 60 s), shared by every replica. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  SNAPTRADE_REQUESTS_PER_WINDOW: number = 250;

  /** The window of the limit above, in seconds (60 at SnapTrade; tests shorten it). */
  @IsInt()
  @Min(1)
  @Max(3600)
  SNAPTRADE_RATE_WINDOW_SECONDS: number = 60;

  /**
   * Requests of the window above left unused (latency jitter between us and the provider): the shared schedule
   * spaces requests evenly at (limit − headroom) per window, 240 of SnapTrade's 250 per minute.
   */
  @IsInt()
  @Min(0)
  @Max(100_000)
  SNAPTRADE_REQUEST_HEADROOM: number = 10;

  /** Orders of batches (queued) this replica's dispatcher has at SnapTrade at once, each waiting for its turn. */
  @IsInt()
  @Min(1)
  @Max(256)
  ORDER_DISPATCH_CONCURRENCY: number = 8;

  /** How often an idle dispatcher looks for queued orders (a batch received by this replica wakes it at once). */
  @IsInt()
  @Min(10)
  @Max(60_000)
  ORDER_DISPATCH_POLL_MS: number = 1_000;

  /** Minimum spacing of trades on one account (SnapTrade: about 1 trade per second). */
  @IsInt()
  @Min(1)
  @Max(60_000)
  SNAPTRADE_TRADE_INTERVAL_MS: number = 1_000;

  /** The longest a call waits for its turn under the rate limits before it is refused with 503 (nothing sent). */
  @IsInt()
  @Min(0)
  @Max(600_000)
  SNAPTRADE_QUEUE_MAX_WAIT_MS: number = 60_000;

  /**
   * A SnapTrade webhook whose eventTimestamp is further than this from now is refused as a replay (400). SnapTrade
   * advises 5 minutes; its redeliveries of failed webhooks start 30 minutes later, so they pass only above that.
   */
  @IsInt()
  @Min(30)
  @Max(86_400)
  SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS: number = 300;

  /** How long an order placement may take at SnapTrade before its outcome is unknown. */
  @IsInt()
  @Min(1_000)
  @Max(120_000)
  SNAPTRADE_ORDER_TIMEOUT_MS: number = 20_000;

  /** The brokerage answers a placement within this time (under the gateway's 30 s): later, it reports it in flight. */
  @IsInt()
  @Min(100)
  @Max(28_000)
  ORDER_REPLY_DEADLINE_MS: number = 25_000;

  /** An open order (pending, partly filled) is looked at again this long after it last changed… */
  @IsInt()
  @Min(50)
  @Max(3_600_000)
  ORDER_TRACK_MIN_INTERVAL_MS: number = 2_000;

  /** …doubling each time it has not changed, up to this (every look is one rate-limited provider request). */
  @IsInt()
  @Min(50)
  @Max(86_400_000)
  ORDER_TRACK_MAX_INTERVAL_MS: number = 300_000;

  /** How often the tracker looks for open orders that are due. */
  @IsInt()
  @Min(20)
  @Max(600_000)
  ORDER_TRACK_SWEEP_MS: number = 1_000;

  /** instant: paper market orders fill when placed. slow: accepted first, filled later, sometimes in two parts. */
  @IsIn(['instant', 'slow'], { message: "PAPER_FILL_MODE must be 'instant' or 'slow'" })
  PAPER_FILL_MODE: 'instant' | 'slow' = 'instant';

  /** slow mode: how long after placement an order fills (its last part). */
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  PAPER_FILL_DELAY_MS: number = 5_000;

  /** slow mode: the share of orders (0–1) that fill in two parts, the first part at half the delay. */
  @IsNumber()
  @Min(0)
  @Max(1)
  PAPER_PARTIAL_FILL_RATE: number = 0.3;

  /** slow mode: the fraction (0–1) of the units the first part of a two-part fill takes. */
  @IsNumber()
  @Min(0.01)
  @Max(0.99)
  PAPER_PARTIAL_FRACTION: number = 0.5;

  /** How long after its intent an order can reach the provider: two queue waits (request, trade) and the order call. */
  get orderPlacementWindowMs(): number {
    return 2 * this.SNAPTRADE_QUEUE_MAX_WAIT_MS + this.SNAPTRADE_ORDER_TIMEOUT_MS;
  }

  get usesSnaptrade(): boolean {
    return Boolean(this.SNAPTRADE_CLIENT_ID && this.SNAPTRADE_CONSUMER_KEY);
  }

  get secretsEncryptionKey(): Buffer {
    // Validation made production set its own: the fallback serves development and tests only.
    return Buffer.from(this.SECRETS_ENCRYPTION_KEY ?? DEV_SECRETS_ENCRYPTION_KEY, 'base64');
  }

  /** Outside production the paper market is always open by default, so a demo works at any hour. */
  get paperMarketHours(): 'real' | 'always-open' {
    return this.PAPER_MARKET_HOURS ?? (this.isProduction ? 'real' : 'always-open');
  }
}
