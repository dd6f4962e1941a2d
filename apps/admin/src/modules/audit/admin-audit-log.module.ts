import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { AdminAuditLogController } from './admin-audit-log.controller';
import { AdminAuditModule } from './admin-audit.module';
import { AdminAuditLogEntity } from './entities/admin-audit-log.entity';
import { BetaRequestApprovedHandler } from './handlers/beta-request-approved.handler';
import { ListAuditLogUseCase } from './use-cases/list-audit-log.use-case';

/** Reading the audit log (Audit Log tab), and recording the admin actions other services report by events. */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditLogEntity]), AdminAuditModule, IdentityRpcClientModule],
  controllers: [AdminAuditLogController],
  providers: [ListAuditLogUseCase, BetaRequestApprovedHandler],
})
export class AdminAuditLogModule {}
