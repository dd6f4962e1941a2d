import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { loadConfig } from '@copytrade/nest';
import { LiveEventsModule } from '../live-events/live-events.module';
import { LiveReadsConfig } from './live-reads.config';
import { LIVE_READS_CONFIG, LiveReadsCache } from './live-reads-cache.service';
import { OwnWritesGuard } from './own-writes.guard';

/** The per-user cache of live-positions and my-copies, and the guard that drops it on the user's writes. */
@Global()
@Module({
  imports: [LiveEventsModule],
  providers: [
    { provide: LIVE_READS_CONFIG, useFactory: () => loadConfig(LiveReadsConfig) },
    LiveReadsCache,
    { provide: APP_GUARD, useClass: OwnWritesGuard },
  ],
  exports: [LiveReadsCache],
})
export class LiveReadsModule {}
