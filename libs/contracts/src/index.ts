export * from './errors';
export * from './events';
export * from './rpc';
export * from './http';
export * from './rules';
