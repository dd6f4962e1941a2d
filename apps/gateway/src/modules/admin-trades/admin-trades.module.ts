import { Module } from '@nestjs/common';
import { GatewayAdminTradesController } from './admin-trades.controller';

@Module({ controllers: [GatewayAdminTradesController] })
export class GatewayAdminTradesModule {}
