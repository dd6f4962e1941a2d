export * from './login.rules';
export * from './messages';
export * from './maintenance.rules';
