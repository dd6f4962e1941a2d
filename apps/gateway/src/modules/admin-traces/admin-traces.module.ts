import { Module } from '@nestjs/common';
import { AdminTracesController } from './admin-traces.controller';

@Module({ controllers: [AdminTracesController] })
export class AdminTracesModule {}
