export const MAINTENANCE_MODE_KEY = 'maintenance_mode';
