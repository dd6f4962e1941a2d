export * from './order-outcome';
export * from './market-sell';
export * from './order-events-consumer';
