export * from './after-commit';
export * from './broadcast';
export * from './projection-sync';
export * from './projection-sync.module';
