export * from './expect-eventually';
export * from './test-infrastructure';
export * from './fake-snaptrade';
export * from './free-ports';
export * from './private-nats';
