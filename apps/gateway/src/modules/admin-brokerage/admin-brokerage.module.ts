import { Module } from '@nestjs/common';
import { GatewayAdminBrokerageController } from './admin-brokerage.controller';

@Module({ controllers: [GatewayAdminBrokerageController] })
export class GatewayAdminBrokerageModule {}
