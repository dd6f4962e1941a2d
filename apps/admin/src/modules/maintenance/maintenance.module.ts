import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditLogEntity } from '../audit/entities/admin-audit-log.entity';
import { PlatformSettingEntity } from './entities/platform-setting.entity';
import { MaintenanceController } from './maintenance.controller';
import { SetMaintenanceModeUseCase } from './use-cases/set-maintenance-mode.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([PlatformSettingEntity, AdminAuditLogEntity])],
  controllers: [MaintenanceController],
  providers: [SetMaintenanceModeUseCase],
})
export class MaintenanceModule {}
