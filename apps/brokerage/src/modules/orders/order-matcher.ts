import Decimal from 'decimal.js';
import type { ProviderOrder } from '../provider/provider.types';

export interface IntentToMatch {
  id: string;
  clientOrderId: string;
  symbol: string;
  action: 'BUY' | 'SELL';
  quantity: string;
  createdAt: Date;
}

export interface MatchContext {
  /** Provider order ids already held by other intents: never claimed twice. */
  taken: ReadonlySet<string>;
  /** The account's other unsettled intents: if one of them fits the same provider order, nobody can tell whose it is. */
  rivals: readonly IntentToMatch[];
  /** How long after its intent was stored an order can have reached the provider (rate-limit wait + order timeout). */
  placementWindowMs: number;
}

export type MatchResult =
  | { kind: 'matched'; order: ProviderOrder; by: 'client-order-id' | 'order-details' }
  | { kind: 'undecidable'; reason: string }
  | { kind: 'none' };

/** Provider and process clocks differ; a placement is looked for this much either side of its window. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Finds the provider's record of an intent whose outcome is unknown. Strategy, most certain first:
 *
 * 1. By client order id, where the provider's record carries it: that record is ours (unless another intent
 *    already holds it, an anomaly a person must look at).
 * 2. Otherwise (SnapTrade's order records do not carry it) by symbol, side and quantity — only among records
 *    without a client order id, not held by another intent, and placed inside this intent's window
 *    [created − skew, created + placement window + skew]. A record with no placement time cannot be placed in
 *    the window, so it makes the match uncertain.
 * 3. Exactly one such record, and no other unsettled intent of the account that would fit it too: matched.
 *    Several records, a record of unknown time, or a rival intent: undecidable — a person resolves it. Nothing
 *    is ever guessed: an order the user placed at the brokerage themselves must not be taken for ours.
 * 4. No record: 'none' — the intent stays UNKNOWN (absence in a list proves nothing at SnapTrade).
 */
export function matchProviderOrder(intent: IntentToMatch, orders: ProviderOrder[], context: MatchContext): MatchResult {
  const exact = orders.find((order) => order.clientOrderId === intent.clientOrderId);
  if (exact) {
    return context.taken.has(exact.brokerageOrderId)
      ? {
          kind: 'undecidable',
          reason: `Provider order ${exact.brokerageOrderId} carries our client order id but is held by another intent`,
        }
      : { kind: 'matched', order: exact, by: 'client-order-id' };
  }
  const fitting = orders.filter(
    (order) => order.clientOrderId === null && !context.taken.has(order.brokerageOrderId) && sameOrder(intent, order),
  );
  const undated = fitting.filter((order) => placedAt(order) === null);
  const candidates = fitting.filter((order) => inWindow(intent, placedAt(order), context.placementWindowMs));
  if (undated.length > 0)
    return { kind: 'undecidable', reason: 'A provider order fits but has no placement time; a person must compare' };
  if (candidates.length > 1)
    return { kind: 'undecidable', reason: `${candidates.length} provider orders fit in the intent's time window` };
  const candidate = candidates[0];
  if (!candidate) return { kind: 'none' };
  const rival = context.rivals.find(
    (other) =>
      other.id !== intent.id &&
      sameOrder(other, candidate) &&
      inWindow(other, placedAt(candidate), context.placementWindowMs),
  );
  if (rival)
    return { kind: 'undecidable', reason: `Provider order ${candidate.brokerageOrderId} also fits intent ${rival.id}` };
  return { kind: 'matched', order: candidate, by: 'order-details' };
}

function sameOrder(intent: IntentToMatch, order: ProviderOrder): boolean {
  return (
    order.symbol.replace(/\s+/g, '') === intent.symbol.replace(/\s+/g, '') &&
    order.action.startsWith(intent.action) &&
    new Decimal(order.totalQuantity).eq(intent.quantity)
  );
}

function placedAt(order: ProviderOrder): number | null {
  const time = order.timePlaced === null ? NaN : new Date(order.timePlaced).getTime();
  return Number.isFinite(time) ? time : null;
}

function inWindow(intent: IntentToMatch, time: number | null, placementWindowMs: number): boolean {
  if (time === null) return false;
  const from = intent.createdAt.getTime() - CLOCK_SKEW_MS;
  return time >= from && time <= intent.createdAt.getTime() + placementWindowMs + CLOCK_SKEW_MS;
}
