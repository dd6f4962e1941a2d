import { Module } from '@nestjs/common';
import { GatewayAdminTracesController } from './admin-traces.controller';

@Module({ controllers: [GatewayAdminTracesController] })
export class GatewayAdminTracesModule {}
