import { Module } from '@nestjs/common';
import { MaintenanceState } from './maintenance-state.service';
import { GatewayMaintenanceController } from './maintenance.controller';

@Module({ controllers: [GatewayMaintenanceController], providers: [MaintenanceState] })
export class GatewayMaintenanceModule {}
