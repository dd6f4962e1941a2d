import { Module } from '@nestjs/common';
import { GatewayDebugLogController } from './debug-log.controller';

@Module({ controllers: [GatewayDebugLogController] })
export class DebugModule {}
