export * from './platform/start-platform';
export * from './platform/nats-server';
export * from './platform/embedded-postgres';
export * from './platform/migrations';
