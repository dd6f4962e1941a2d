import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditRecorder } from './admin-audit.recorder';
import { AdminAuditLogEntity } from './entities/admin-audit-log.entity';

/** The audit log: import this module and inject AdminAuditRecorder to record an admin action. */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditLogEntity])],
  providers: [AdminAuditRecorder],
  exports: [AdminAuditRecorder],
})
export class AdminAuditModule {}
