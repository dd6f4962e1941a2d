import { MaintenanceModeChanged } from './admin/maintenance-mode-changed.v1';

/** Every event the platform publishes, keyed by type. The JetStream stream captures `events.>`. */
export const EventCatalogue = {
  MaintenanceModeChanged,
} as const;

export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';
