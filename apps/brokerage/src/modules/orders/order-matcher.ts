import Decimal from 'decimal.js';
import type { ProviderOrder } from '../provider/provider.types';

export interface IntentToMatch {
  clientOrderId: string;
  symbol: string;
  action: 'BUY' | 'SELL';
  quantity: string;
  createdAt: Date;
}

const CLOCK_SKEW_MS = 60_000;

/**
 * Finds the provider's order for an intent whose outcome is unknown: by client order id when the brokerage
 * echoes it; otherwise by symbol, side and quantity placed after the intent, among orders no other intent
 * holds. Two candidates are 'ambiguous': a person decides, nothing is guessed.
 */
export function matchProviderOrder(
  intent: IntentToMatch,
  orders: ProviderOrder[],
  taken: Set<string>,
): ProviderOrder | 'ambiguous' | null {
  const exact = orders.find((order) => order.clientOrderId === intent.clientOrderId);
  if (exact) return exact;
  const since = intent.createdAt.getTime() - CLOCK_SKEW_MS;
  const candidates = orders.filter(
    (order) =>
      !taken.has(order.brokerageOrderId) &&
      order.clientOrderId === null &&
      order.symbol.replace(/\s+/g, '') === intent.symbol.replace(/\s+/g, '') &&
      order.action.startsWith(intent.action) &&
      new Decimal(order.totalQuantity).eq(intent.quantity) &&
      (order.timePlaced === null || new Date(order.timePlaced).getTime() >= since),
  );
  if (candidates.length > 1) return 'ambiguous';
  return candidates[0] ?? null;
}
