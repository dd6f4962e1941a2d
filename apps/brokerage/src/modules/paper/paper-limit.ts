import type { NormalizedMarketOrder } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { ProviderError } from '../provider/provider.error';

type Limited = Pick<NormalizedMarketOrder, 'action' | 'limitPrice' | 'timeInForce'>;

/**
 * Whether the order may fill at `price`: a limit buy at or below its limit, a limit sell at or above it (the paper
 * broker fills at the market price, so a buy never pays more than its limit); a market order at any price.
 */
export function withinLimit(order: Limited, price: Decimal): boolean {
  if (order.limitPrice === undefined) return true;
  return order.action === 'BUY' ? price.lte(order.limitPrice) : price.gte(order.limitPrice);
}

/** The paper record's status of an IOC or FOK order the market did not reach: ended at once, nothing filled. */
export const UNREACHED_LIMIT_STATUS = 'CANCELED';

/**
 * A limit order the market does not reach now: IOC and FOK end at once, canceled with nothing filled (null); a Day
 * order would have to wait for the price, which the paper broker does not simulate, so it is refused.
 */
export function unreachedLimitRefusal(order: Limited): ProviderError | null {
  if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') return null;
  return new ProviderError(
    'NOT_SUPPORTED',
    'The paper broker does not keep limit orders waiting: the market price has not reached this limit. ' +
      'Use IOC or FOK, or a limit the market price reaches now.',
  );
}
