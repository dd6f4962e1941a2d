export * from './error-body';
export * from './identity-error-codes';
