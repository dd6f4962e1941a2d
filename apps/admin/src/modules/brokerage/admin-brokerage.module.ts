import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { AdminBrokerageController } from './admin-brokerage.controller';
import { BrokerageRpcClientModule } from './brokerage-rpc-client.module';

@Module({
  imports: [AdminAuditModule, BrokerageRpcClientModule, IdentityRpcClientModule],
  controllers: [AdminBrokerageController],
})
export class AdminBrokerageModule {}
