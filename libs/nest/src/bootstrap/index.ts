export * from './bootstrap-service';
export * from './rpc-validation.pipe';
export * from './service-core.imports';
