export * from './error-body';
