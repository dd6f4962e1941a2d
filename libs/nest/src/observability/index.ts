export * from './logger.module';
export * from './metrics';
export * from './app-metrics';
export * from './metrics.controller';
export * from './metrics.interceptor';
export * from './metrics-server';
export * from './outage-log';
export * from './error-serializer';
