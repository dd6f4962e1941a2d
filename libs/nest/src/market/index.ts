export * from './us-market-hours';
