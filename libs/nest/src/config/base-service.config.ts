import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Variables every process reads, the gateway included. Types are written out: decorator metadata (used to convert env strings) needs them. */
export class ProcessConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  @IsString({ message: 'NATS_URL must be a nats:// URL' })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /** Replicas of the events stream: 1 on a single nats-server, 3 on a 3-node JetStream cluster. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  JETSTREAM_REPLICAS: number = 1;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}

/** Variables every backend service reads. Each app extends it with its own. */
export class BaseServiceConfig extends ProcessConfig {
  @IsString({ message: 'DATABASE_URL must be a postgres:// connection string' })
  DATABASE_URL: string;

  /** Port of /health and /ready for Kubernetes probes. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  HEALTH_PORT: number = 8081;
}
