export * from './rpc-envelope';
export * from './common/health.rpc';
export * from './identity/identity.rpc';
export * from './admin/admin.rpc';
export * from './traces/traces.rpc';
