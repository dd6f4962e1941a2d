export * from './identity/user.view';
export * from './identity/login.dto';
export * from './admin/maintenance.dto';
export * from './traces/trace.view';
