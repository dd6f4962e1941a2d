import { copyTradingKeys } from '@/lib/copy-trading/query-keys';

/**
 * My Copy Trades' query keys, under the live push's 'my-copies' prefix: a copy opened or closed, an order filled or
 * a trade closed refreshes them at once (lib/live-events), the 30 s polling being the fallback.
 */
export const myCopiesKeys = {
  all: copyTradingKeys.myCopies,
  list: (userId: string) => [...copyTradingKeys.myCopies, 'list', userId] as const,
  performance: (userId: string) => [...copyTradingKeys.myCopies, 'performance', userId] as const,
};
