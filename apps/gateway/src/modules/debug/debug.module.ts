import { Module } from '@nestjs/common';
import { DebugLogController } from './debug-log.controller';

@Module({ controllers: [DebugLogController] })
export class DebugModule {}
