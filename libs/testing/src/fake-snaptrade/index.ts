export * from './fake-snaptrade-server';
export * from './fake-state';
export { expectedSignature, sortedKeysJson } from './signature';
