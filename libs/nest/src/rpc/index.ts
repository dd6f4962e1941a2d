export * from './rpc-client';
export * from './nats-transport.options';
export * from './actor-signature';
export * from './actor-verification.guard';
export * from './actor-verification.module';
