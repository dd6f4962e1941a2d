import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { BrokerageConfig } from '../../config/brokerage.config';
import { BROKERAGE_SCHEMA } from '../../database/data-source';
import type { RateLimitStore } from './snaptrade-rate-limiter';

/**
 * The store every replica's SnapTrade limiter shares: Redis when REDIS_URL is set, else PostgreSQL (a small
 * pool of its own, so limits never wait behind TypeORM's queries). Opened on first use, closed on shutdown.
 */
@Injectable()
export class RateLimitStoreService implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitStoreService.name);
  private store: RateLimitStore | undefined;

  constructor(@Inject(BrokerageConfig) private readonly config: BrokerageConfig) {}

  get(): RateLimitStore {
    this.store ??= this.open();
    return this.store;
  }

  private open(): RateLimitStore {
    if (this.config.REDIS_URL) {
      // Commands wait for the connection at start; a lost Redis fails them fast (503, nothing sent).
      const client = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 1 });
      client.on('error', (error) => this.logger.warn({ err: error.message }, 'Rate-limit Redis connection error'));
      return { kind: 'redis', client };
    }
    const pool = new Pool({ connectionString: this.config.DATABASE_URL, max: 5 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => this.logger.warn({ err: error.message }, 'Rate-limit pool connection lost'));
    return { kind: 'postgres', pool, schema: BROKERAGE_SCHEMA, table: 'provider_rate_limits' };
  }

  async onModuleDestroy(): Promise<void> {
    const store = this.store;
    this.store = undefined;
    if (store?.kind === 'redis') await store.client.quit().catch(() => store.client.disconnect());
    if (store?.kind === 'postgres') await store.pool.end();
  }
}
