export * from './expect-eventually';
export * from './test-infrastructure';
