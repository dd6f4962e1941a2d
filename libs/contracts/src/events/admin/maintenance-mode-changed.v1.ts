import { defineEvent } from '../event-envelope';

export interface MaintenanceModeChangedV1 {
  enabled: boolean;
  previousEnabled: boolean;
  changedByUserId: string;
  changedAt: string;
}

export const MaintenanceModeChanged = defineEvent<MaintenanceModeChangedV1>({
  type: 'MaintenanceModeChanged',
  version: 1,
  subject: 'events.admin.maintenance-mode.changed.v1',
  producer: 'admin',
});
