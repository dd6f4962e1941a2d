import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import type { NatsAddress } from '../messaging/nats-address';
import { DEV_ACTOR_SIGNING_PUBLIC_KEY } from '../rpc/actor-signature';
import { envBoolean } from './env-boolean';
import { ProductionSecret } from './production-secret';

/** Variables every process reads, the gateway included. Types are written out: decorator metadata (used to convert env strings) needs them. */
export class ProcessConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  @IsString({ message: 'NATS_URL must be a nats:// URL' })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /**
   * This app's own NATS user and password (each app has its own, allowed only its subjects: docs/security.md). Unset:
   * an anonymous connection, for a server without authorization (tests against a plain nats-server) — never in
   * production (natsAddress refuses it), where the NATS permissions are what keeps other clients from the calls
   * services make as themselves.
   */
  @ValidateIf((config: ProcessConfig) => config.NATS_PASSWORD !== undefined)
  @IsString({ message: 'NATS_USER must be set with NATS_PASSWORD' })
  @MinLength(1)
  NATS_USER?: string;

  @ValidateIf((config: ProcessConfig) => config.NATS_USER !== undefined)
  @IsString({ message: 'NATS_PASSWORD must be set with NATS_USER' })
  @MinLength(1)
  NATS_PASSWORD?: string;

  /** Replicas of the events stream: 1 on a single nats-server, 3 on a 3-node JetStream cluster. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  JETSTREAM_REPLICAS: number = 1;

  /** Gateway: port of its Prometheus `/metrics`, kept off the public port (services serve it on HEALTH_PORT). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT: number = 9464;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  /**
   * Where and as whom to connect to NATS. Production refuses an anonymous connection here, where a process connects,
   * rather than in validation: the migrations run with a service's configuration and never connect.
   */
  get natsAddress(): NatsAddress {
    if (this.isProduction && this.NATS_USER === undefined)
      throw new Error('NATS_USER and NATS_PASSWORD must be set in production: every app connects as its own NATS user');
    return { url: this.NATS_URL, user: this.NATS_USER, password: this.NATS_PASSWORD };
  }
}

/** Variables every backend service reads. Each app extends it with its own. */
export class BaseServiceConfig extends ProcessConfig {
  /** Its password is a secret: production refuses the published development one. */
  @ProductionSecret({ required: 'always' })
  @IsString({ message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL: string;

  /**
   * The gateway's Ed25519 public key (base64 SPKI DER) that verifies the actor of every RPC; two, comma-separated,
   * while the key is rotated. Secret-managed like the private key it pairs with; the development key outside
   * production, refused in production (docs/security.md).
   */
  @Matches(/^[A-Za-z0-9+/]{59}=(,[A-Za-z0-9+/]{59}=)*$/, {
    message: 'ACTOR_SIGNING_PUBLIC_KEY must be an Ed25519 public key, base64 SPKI DER (docs/security.md)',
  })
  @ProductionSecret({ developmentValues: [DEV_ACTOR_SIGNING_PUBLIC_KEY], required: 'always' })
  ACTOR_SIGNING_PUBLIC_KEY: string = DEV_ACTOR_SIGNING_PUBLIC_KEY;

  /** Port of /health and /ready for Kubernetes probes. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  HEALTH_PORT: number = 8081;

  /** Failed publishes of one outbox event before it is set aside (kept, logged, counted, no longer retried). */
  @IsOptional()
  @IsInt()
  @Min(1)
  OUTBOX_MAX_ATTEMPTS: number = 10;

  /**
   * At most this long in a row the outbox relay holds its events back while the service's own bulk work runs (an
   * automatic copy fan-out's order batches): that work goes first, its events follow. 0: never held back.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60_000)
  OUTBOX_GIVE_WAY_MAX_MS: number = 10_000;

  /** Published outbox rows are deleted after this many hours. */
  @IsOptional()
  @IsInt()
  @Min(1)
  OUTBOX_RETENTION_HOURS: number = 168;

  /** Inbox rows are deleted after this many hours: at least the stream's max age (720 h), which a replay can reach. */
  @IsOptional()
  @IsInt()
  @Min(1)
  INBOX_RETENTION_HOURS: number = 720;

  /** Size bound of the events stream in bytes (a full stream refuses publishes; the outboxes keep them). */
  @IsOptional()
  @IsInt()
  @Min(1_048_576)
  EVENTS_STREAM_MAX_BYTES: number = 1024 ** 3;

  /**
   * Demo traces, their owners' accounts and months of trades (`npm start`). Unset: on in development only;
   * tests and production get them only when this is set to true.
   */
  @IsOptional()
  @Transform(envBoolean)
  @IsBoolean()
  DEMO_DATA?: boolean;

  get seedsDemoData(): boolean {
    return this.DEMO_DATA ?? this.NODE_ENV === 'development';
  }
}
