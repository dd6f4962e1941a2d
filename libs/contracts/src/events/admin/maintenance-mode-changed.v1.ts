import { IsBoolean, IsISO8601, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

export class MaintenanceModeChangedV1 {
  @IsBoolean()
  enabled: boolean;

  @IsBoolean()
  previousEnabled: boolean;

  @IsUUID()
  changedByUserId: string;

  @IsISO8601()
  changedAt: string;
}

export const MaintenanceModeChanged = defineCataloguedEvent(MaintenanceModeChangedV1, {
  type: 'MaintenanceModeChanged',
  version: 1,
  subject: 'events.admin.maintenance-mode.changed.v1',
  producer: 'admin',
});
