import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { TracesRpcClientModule } from '../traces/traces-rpc-client.provider';
import { AdminTradesController } from './admin-trades.controller';
import { CopyEngineRpcClientModule } from './copy-engine-rpc-client.module';

@Module({
  imports: [AdminAuditModule, TracesRpcClientModule, CopyEngineRpcClientModule, IdentityRpcClientModule],
  controllers: [AdminTradesController],
})
export class AdminTradesModule {}
