import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { AdminAuditLogController } from './admin-audit-log.controller';
import { AdminAuditLogEntity } from './entities/admin-audit-log.entity';
import { ListAuditLogUseCase } from './use-cases/list-audit-log.use-case';

/** Reading the audit log (Audit Log tab); recording is AdminAuditModule's. */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditLogEntity]), IdentityRpcClientModule],
  controllers: [AdminAuditLogController],
  providers: [ListAuditLogUseCase],
})
export class AdminAuditLogModule {}
