export * from './bootstrap';
export * from './config';
export * from './database';
export * from './errors';
export * from './health';
export * from './observability';
export * from './rpc';
export * from './messaging';
