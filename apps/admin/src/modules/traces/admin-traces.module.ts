import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditLogEntity } from '../audit/entities/admin-audit-log.entity';
import { AdminTracesController } from './admin-traces.controller';
import { TracesRpcClientModule } from './traces-rpc-client.provider';

@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditLogEntity]), TracesRpcClientModule],
  controllers: [AdminTracesController],
})
export class AdminTracesModule {}
