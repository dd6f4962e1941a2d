export * from './demo-accounts';
