import { Module } from '@nestjs/common';
import { loadConfig } from '@copytrade/nest';
import { AuthModule } from '../auth/auth.module';
import { LiveEventsConfig } from './live-events.config';
import { LiveEventsController } from './live-events.controller';
import { LIVE_EVENTS_CONFIG, LiveEventsHub } from './live-events.hub';

/** GET /api/events: the live push (Server-Sent Events), fed by this replica's own reading of the events stream. */
@Module({
  imports: [AuthModule],
  controllers: [LiveEventsController],
  providers: [{ provide: LIVE_EVENTS_CONFIG, useFactory: () => loadConfig(LiveEventsConfig) }, LiveEventsHub],
  exports: [LiveEventsHub],
})
export class LiveEventsModule {}
