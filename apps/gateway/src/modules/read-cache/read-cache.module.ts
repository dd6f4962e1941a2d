import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { loadConfig } from '@copytrade/nest';
import { LiveEventsModule } from '../live-events/live-events.module';
import { CachedReadsInterceptor } from './cached-reads.interceptor';
import { OwnWritesGuard } from './own-writes.guard';
import { ReadCacheConfig } from './read-cache.config';
import { ReadCacheInvalidation } from './read-cache-invalidation.service';
import { READ_CACHE_OPTIONS, ReadCache, type ReadCacheLimit, type ReadCacheOptions } from './read-cache.service';

/** The same bounds for every subject: what may be kept, and how long, is the answering service's to say. */
export function readCacheOptions(config: ReadCacheConfig): ReadCacheOptions {
  const limit: ReadCacheLimit | undefined =
    config.READ_CACHE_MAX_FRESH_MS > 0
      ? { freshMs: config.READ_CACHE_MAX_FRESH_MS, staleMs: config.READ_CACHE_MAX_STALE_MS }
      : undefined;
  return {
    maxEntries: config.READ_CACHE_MAX_ENTRIES,
    refreshConcurrency: config.READ_CACHE_REFRESH_CONCURRENCY,
    limitOf: () => limit,
  };
}

/** The gateway's one read cache, what invalidates it, the URL fast path and the guard for the user's own writes. */
@Global()
@Module({
  imports: [LiveEventsModule],
  providers: [
    {
      provide: READ_CACHE_OPTIONS,
      useFactory: () => readCacheOptions(loadConfig(ReadCacheConfig)),
    },
    ReadCache,
    ReadCacheInvalidation,
    CachedReadsInterceptor,
    { provide: APP_GUARD, useClass: OwnWritesGuard },
  ],
  exports: [ReadCache, ReadCacheInvalidation, CachedReadsInterceptor],
})
export class ReadCacheModule {}
