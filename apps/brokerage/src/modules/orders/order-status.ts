import type { OrderIntentState } from '@copytrade/contracts';
import Decimal from 'decimal.js';

/** The provider's order statuses (SnapTrade's AccountOrderRecordStatus, all twenty). */
export const PROVIDER_ORDER_STATUSES = [
  'NONE',
  'PENDING',
  'ACCEPTED',
  'FAILED',
  'REJECTED',
  'CANCELED',
  'PARTIAL_CANCELED',
  'CANCEL_PENDING',
  'EXECUTED',
  'PARTIAL',
  'REPLACE_PENDING',
  'REPLACED',
  'STOPPED',
  'SUSPENDED',
  'EXPIRED',
  'QUEUED',
  'TRIGGERED',
  'ACTIVATED',
  'PENDING_RISK_REVIEW',
  'CONTINGENT_ORDER',
] as const;

/**
 * How the brokerage's status ends an order. 'open': still working (it may fill, more may fill); the others are
 * final for this brokerage order id. REPLACED and every status we do not know stay 'open' on purpose: the
 * order (or its replacement) may still fill, so it is tracked and, if it never ends, a person looks.
 */
type Ending = 'open' | 'filled' | 'canceled' | 'expired' | 'rejected';

const ENDINGS: Record<(typeof PROVIDER_ORDER_STATUSES)[number], Ending> = {
  NONE: 'open',
  PENDING: 'open',
  ACCEPTED: 'open',
  QUEUED: 'open',
  TRIGGERED: 'open',
  ACTIVATED: 'open',
  PENDING_RISK_REVIEW: 'open',
  CONTINGENT_ORDER: 'open',
  PARTIAL: 'open',
  CANCEL_PENDING: 'open',
  REPLACE_PENDING: 'open',
  REPLACED: 'open',
  // FIX "stopped" / "suspended": the order still rests at the brokerage.
  STOPPED: 'open',
  SUSPENDED: 'open',
  EXECUTED: 'filled',
  CANCELED: 'canceled',
  PARTIAL_CANCELED: 'canceled',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
  FAILED: 'rejected',
};

export interface OrderProgress {
  state: OrderIntentState;
  final: boolean;
  /** Units filled, exact ("0" when none). */
  filledQuantity: string;
}

const isKnown = (status: string): status is keyof typeof ENDINGS => Object.hasOwn(ENDINGS, status);

/**
 * The product's view of one provider order record: its status word plus the filled and total quantities (the
 * status alone does not say how much filled: CANCELED after a partial fill still holds units). A final order
 * with some units filled is PARTIALLY_FILLED and final: the user holds what filled.
 */
export function orderProgress(status: string, filled: string | null, total: string): OrderProgress {
  const ending = isKnown(status) ? ENDINGS[status] : 'open';
  const held = Decimal.max(0, new Decimal(filled ?? 0));
  if (ending === 'filled') {
    // EXECUTED is the whole order; a record that omits the filled quantity means all of it.
    const all = filled === null || held.isZero() ? new Decimal(total) : held;
    return { state: 'FILLED', final: true, filledQuantity: all.toString() };
  }
  const filledQuantity = held.toString();
  if (ending === 'open')
    return { state: held.isZero() ? 'SUBMITTED' : 'PARTIALLY_FILLED', final: false, filledQuantity };
  if (!held.isZero()) return { state: 'PARTIALLY_FILLED', final: true, filledQuantity };
  const state = ending === 'canceled' ? 'CANCELED' : ending === 'expired' ? 'EXPIRED' : 'REJECTED';
  return { state, final: true, filledQuantity };
}
