export * from './health.module';
export * from './readiness.service';
export * from './service-name.token';
