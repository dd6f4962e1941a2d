import { Module } from '@nestjs/common';
import { AdminTradesController } from './admin-trades.controller';

@Module({ controllers: [AdminTradesController] })
export class AdminTradesModule {}
