export * from './service-data-source.options';
export * from './run-migrations';
export * from './returned-rows';
export * from './select-list';
