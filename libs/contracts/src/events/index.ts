export * from './event-envelope';
export * from './event-catalogue';
export * from './admin/maintenance-mode-changed.v1';
