import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { AdminUsersController } from './admin-users.controller';

@Module({
  imports: [AdminAuditModule, IdentityRpcClientModule],
  controllers: [AdminUsersController],
})
export class AdminUsersModule {}
