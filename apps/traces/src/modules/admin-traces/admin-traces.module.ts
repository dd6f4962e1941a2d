import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminTracesController } from './admin-traces.controller';

@Module({ imports: [SubscriptionsModule], controllers: [AdminTracesController] })
export class AdminTracesModule {}
