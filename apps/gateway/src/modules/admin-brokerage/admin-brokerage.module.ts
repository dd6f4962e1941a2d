import { Module } from '@nestjs/common';
import { AdminBrokerageController } from './admin-brokerage.controller';

@Module({ controllers: [AdminBrokerageController] })
export class AdminBrokerageModule {}
