import { IsBoolean } from 'class-validator';

/** POST /api/set-maintenance-mode */
export class SetMaintenanceModeDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}

export interface MaintenanceStatusResponse {
  isMaintenanceModeEnabled: boolean;
}
export interface SetMaintenanceModeResponse {
  success: true;
  isMaintenanceModeEnabled: boolean;
  message: string;
}
