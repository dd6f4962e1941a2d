export * from './load-config';
export * from './base-service.config';
export * from './app-config.module';
export * from './env-boolean';
export * from './production-secret';
export * from './production-test-env';
