import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { loadConfig } from '@copytrade/nest';
import { GatewayConfig } from '../../config/gateway.config';
import { LiveEventsModule } from '../live-events/live-events.module';
import { CachedReadsInterceptor } from './cached-reads.interceptor';
import { OwnWritesGuard } from './own-writes.guard';
import { ReadCacheConfig } from './read-cache.config';
import { ReadCacheInvalidation } from './read-cache-invalidation.service';
import { READ_CACHE_OPTIONS, ReadCache, type ReadCacheLimit, type ReadCacheOptions } from './read-cache.service';

/** The gateway's limits per owner of a subject (`rpc.<service>.…`): a subject of no other service is never cached. */
export function readCacheOptions(gateway: GatewayConfig, live: ReadCacheConfig): ReadCacheOptions {
  const limits = new Map<string, ReadCacheLimit>([
    ['traces', { freshMs: gateway.TRACES_READ_CACHE_TTL_SECONDS * 1000, staleMs: 0 }],
    ['brokerage', { freshMs: gateway.BROKERAGE_READ_CACHE_TTL_SECONDS * 1000, staleMs: 0 }],
    [
      'copy-engine',
      {
        freshMs:
          live.LIVE_READS_CACHE_TTL_MS > 0
            ? Math.max(live.LIVE_READS_CACHE_TTL_MS, live.LIVE_READS_CACHE_UNQUOTED_TTL_MS)
            : 0,
        staleMs: live.LIVE_READS_CACHE_STALE_MS,
      },
    ],
  ]);
  return {
    maxEntries:
      gateway.TRACES_READ_CACHE_MAX_ENTRIES + gateway.SESSION_CACHE_MAX_ENTRIES + live.LIVE_READS_CACHE_MAX_ENTRIES,
    refreshConcurrency: live.LIVE_READS_CACHE_REFRESH_CONCURRENCY,
    limitOf: (subject) => limits.get(subject.split('.', 2)[1] ?? ''),
  };
}

/** The gateway's one read cache, what invalidates it, the URL fast path and the guard for the user's own writes. */
@Global()
@Module({
  imports: [LiveEventsModule],
  providers: [
    {
      provide: READ_CACHE_OPTIONS,
      inject: [GatewayConfig],
      useFactory: (gateway: GatewayConfig) => readCacheOptions(gateway, loadConfig(ReadCacheConfig)),
    },
    ReadCache,
    ReadCacheInvalidation,
    CachedReadsInterceptor,
    { provide: APP_GUARD, useClass: OwnWritesGuard },
  ],
  exports: [ReadCache, ReadCacheInvalidation, CachedReadsInterceptor],
})
export class ReadCacheModule {}
