export * from './order-outcome';
export * from './market-sell';
