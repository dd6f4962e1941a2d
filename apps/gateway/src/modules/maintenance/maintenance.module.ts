import { Module } from '@nestjs/common';
import { MaintenanceState } from './maintenance-state.service';
import { MaintenanceController } from './maintenance.controller';

@Module({ controllers: [MaintenanceController], providers: [MaintenanceState] })
export class MaintenanceModule {}
