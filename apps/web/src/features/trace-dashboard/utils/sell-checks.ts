import type { OwnerTradeView } from '@copytrade/contracts';
import { OPEN_OWNER_TRADE_STATUSES } from '@copytrade/contracts/http/traces/owner-trades.rules';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { isOwnerApiError } from '../api/owner-request';
import type { Notice } from './avatar-file';

/**
 * Sell @ Market only for shared trades not sold, with a quantity, open / executed / filled (see
 * docs/product.md#trade-manager).
 */
export const canSellTrade = (trade: OwnerTradeView): boolean =>
  trade.isShared && trade.status !== 'sold' && trade.quantity > 0 && OPEN_OWNER_TRADE_STATUSES.includes(trade.status);

// The six ordered sell checks (docs/product.md#sell-checks) are the same for the owner and a follower: one
// implementation, shared.
export {
  parseQuantity,
  runSellChecks,
  SELL_CONFIRM_LABEL,
  type SellCheckInput,
  type SellCheckResult,
} from '@/components/order-form/order-rules';

/**
 * The failure fields of a sell answer (docs/product.md#rest-calls), from the error body's details or the body itself.
 */
export interface SellFailure {
  isMarketHoursRestriction?: boolean;
  technical?: string;
  errorCode?: string | null;
  canRetry?: boolean;
  message?: string;
}

export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';
export const MARKET_HOURS_TOAST_MS = 8_000;

/** Owner sell toasts (docs/product.md#error-messages). */
export function sellFailureNotice(failure: SellFailure): Notice & { duration?: number } {
  if (failure.isMarketHoursRestriction)
    return {
      title: '🕐 Market Hours Restriction',
      description:
        failure.message ??
        'Options can only be sold between 8:00 AM and 4:00 PM ET on weekdays. Please try again then.',
      duration: MARKET_HOURS_TOAST_MS,
    };
  if (failure.canRetry === false) return { title: '❌ Position Not Available', description: failure.message };
  if (failure.errorCode)
    return { title: `Brokerage Error (${failure.errorCode})`, description: failure.technical ?? failure.message };
  return { title: 'Sell Order Failed', description: failure.message };
}

/** What a failed sell call reads as: network, or the server's answer with the failure fields (top level or details). */
export function sellErrorNotice(error: unknown): Notice & { duration?: number } {
  if (isNetworkError(error)) return { title: 'Error', description: NETWORK_ERROR_TEXT };
  if (isApiError(error)) {
    const details = (error.details && typeof error.details === 'object' ? error.details : {}) as SellFailure;
    const top = (isOwnerApiError(error) ? error.body : {}) as SellFailure;
    return sellFailureNotice({ ...details, ...top, message: error.serverMessage });
  }
  return { title: 'Sell Order Failed' };
}
