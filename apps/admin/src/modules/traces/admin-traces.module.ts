import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { AdminTracesController } from './admin-traces.controller';
import { TracesRpcClientModule } from './traces-rpc-client.provider';

@Module({
  imports: [AdminAuditModule, TracesRpcClientModule],
  controllers: [AdminTracesController],
})
export class AdminTracesModule {}
