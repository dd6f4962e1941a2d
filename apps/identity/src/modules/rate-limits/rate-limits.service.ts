import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { IdentityConfig } from '../../config/identity.config';
import { RateLimit, type RateLimitPolicy } from './rate-limit';

/** Makes RateLimits over one small connection pool, kept apart from TypeORM's so limits never wait on it. */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimits.name);
  private readonly pool: Pool;

  constructor(@Inject(IdentityConfig) config: IdentityConfig) {
    this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 5 });
    // An idle connection dropped by the server (restart, failover, shutdown) must not crash the process.
    this.pool.on('error', (error) => this.logger.warn({ err: error }, 'Rate-limit pool connection lost'));
  }

  create(policy: RateLimitPolicy, table: 'rate_limits' | 'login_failures' = 'rate_limits'): RateLimit {
    return new RateLimit(this.pool, table, policy);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
