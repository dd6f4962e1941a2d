export * from './bootstrap-service';
export * from './service-core.imports';
