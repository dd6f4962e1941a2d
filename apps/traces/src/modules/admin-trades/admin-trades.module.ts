import { Module } from '@nestjs/common';
import { TracesAdminTradesController } from './admin-trades.controller';
import { AdminTradesService } from './admin-trades.service';

@Module({ controllers: [TracesAdminTradesController], providers: [AdminTradesService] })
export class TracesAdminTradesModule {}
