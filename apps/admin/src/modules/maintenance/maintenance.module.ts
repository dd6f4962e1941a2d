import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { PlatformSettingEntity } from './entities/platform-setting.entity';
import { MaintenanceController } from './maintenance.controller';
import { SetMaintenanceModeUseCase } from './use-cases/set-maintenance-mode.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([PlatformSettingEntity]), AdminAuditModule],
  controllers: [MaintenanceController],
  providers: [SetMaintenanceModeUseCase],
})
export class MaintenanceModule {}
