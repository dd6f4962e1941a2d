export * from './domain.exception';
export * from './validation-exception.factory';
export * from './rpc-exception.filter';
export * from './database-unavailable';
