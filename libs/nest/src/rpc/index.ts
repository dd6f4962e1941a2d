export * from './rpc-client';
export * from './nats-transport.options';
