import type { OwnerTradeView } from '@copytrade/contracts';
import { OPEN_OWNER_TRADE_STATUSES } from '@copytrade/contracts/http/traces/owner-trades.rules';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { isOwnerApiError } from '../api/owner-request';
import type { Notice } from './avatar-file';

/** Seed 001 §2.8: Sell @ Market only for shared trades not sold, with a quantity, open / executed / filled. */
export const canSellTrade = (trade: OwnerTradeView): boolean =>
  trade.isShared && trade.status !== 'sold' && trade.quantity > 0 && OPEN_OWNER_TRADE_STATUSES.includes(trade.status);

export const SELL_CONFIRM_LABEL = 'I confirm this sell order';

export interface SellCheckInput {
  position: OwnerTradeView | null;
  userId: string | null;
  accountsLoading: boolean;
  /** Reads the accounts again; answers the first account's id, or null without one. */
  refetchFirstAccountId: () => Promise<string | null>;
  confirmed: boolean;
  quantity: number;
}

export type SellCheckResult =
  { ok: true; accountId: string; quantity: number } | { ok: false; notice: Notice; kind: 'error' | 'info' };

/** Seed 001 §4 sell order checks, in their order; the first that fails is the answer. */
export async function runSellChecks(input: SellCheckInput): Promise<SellCheckResult> {
  const fail = (notice: Notice, kind: 'error' | 'info' = 'error'): SellCheckResult => ({ ok: false, notice, kind });
  const { position } = input;
  if (!position) return fail({ title: 'No position selected for selling' });
  if (!input.userId) return fail({ title: 'User not authenticated' });
  if (input.accountsLoading)
    return fail({ title: 'Please Wait', description: 'Your account data is still loading.' }, 'info');
  const accountId = await input.refetchFirstAccountId();
  if (!accountId)
    return fail({ title: 'No trading accounts found. Please connect your brokerage account in Settings.' });
  if (!input.confirmed)
    return fail({
      title: 'Risk Confirmation Required',
      description: `Please tick "${SELL_CONFIRM_LABEL}" to continue.`,
    });
  const max = position.quantity;
  if (!(input.quantity > 0) || input.quantity > max)
    return fail({ title: 'Invalid Quantity', description: `Please enter a valid quantity between 1 and ${max}` });
  return { ok: true, accountId, quantity: input.quantity };
}

/** The quantity field: an integer, anything else is 0 (seed 001 §5). */
export const parseQuantity = (raw: string): number => {
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? value : 0;
};

/** The failure fields of a sell answer (seed 001 §7), from the error body's details or the body itself. */
export interface SellFailure {
  isMarketHoursRestriction?: boolean;
  technical?: string;
  errorCode?: string | null;
  canRetry?: boolean;
  message?: string;
}

export const NETWORK_ERROR_TEXT = 'Network error. Please check your connection and try again.';
export const MARKET_HOURS_TOAST_MS = 8_000;

/** Seed 001 §8 owner sell toasts. */
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

/** What a failed sell call reads as: network, or the server's answer with the seed's fields (top level or details). */
export function sellErrorNotice(error: unknown): Notice & { duration?: number } {
  if (isNetworkError(error)) return { title: 'Error', description: NETWORK_ERROR_TEXT };
  if (isApiError(error)) {
    const details = (error.details && typeof error.details === 'object' ? error.details : {}) as SellFailure;
    const top = (isOwnerApiError(error) ? error.body : {}) as SellFailure;
    return sellFailureNotice({ ...details, ...top, message: error.serverMessage });
  }
  return { title: 'Sell Order Failed' };
}
