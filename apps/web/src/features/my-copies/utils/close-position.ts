import type { CopyInstanceView } from '@copytrade/contracts';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { formatQuantity, unitOf } from './format';

export const USER_NOT_AUTHENTICATED = 'User not authenticated';
export const NO_BROKERAGE_ACCOUNT = 'No brokerage account found. Please connect your account first.';
export const SELL_THROWN = 'Failed to sell position. Please try again.';
export const TRACKING_FAILED =
  'Your position was sold at the brokerage, but tracking the close failed. Please refresh to see its latest status.';
/** What Close Position sells: all the copy still holds (its whole quantity when the server did not say). */
export const quantityToClose = (copy: CopyInstanceView): number =>
  copy.heldQuantity > 0 ? copy.heldQuantity : copy.copyQuantity;

export const closedSuccessfully = (symbol: string) => `Position closed successfully for ${symbol}!`;

/**
 * The native confirmation of Close Position (docs/product.md#my-copy-trades) — the market sell cannot be undone;
 * symbol, quantity (contracts for options, shares otherwise), order type Market and the current price to 2 decimals.
 */
export function closeConfirmationText(copy: CopyInstanceView): string {
  const symbol = copy.originalTrade.symbol;
  const quantity = quantityToClose(copy);
  const price = copy.copierCurrentPrice ?? copy.copyEntryPrice ?? 0;
  return [
    `Close your ${symbol} position?`,
    '',
    'This places a market sell order at your brokerage. It cannot be undone.',
    '',
    `Symbol: ${symbol}`,
    `Quantity: ${formatQuantity(quantity)} ${unitOf(copy, quantity)}`,
    'Order Type: Market',
    `Current Price: $${price.toFixed(2)}`,
  ].join('\n');
}

/** The failure fields of a refused sell (the gateway sends them at the top and in `details`). */
interface SellFailure {
  isMarketHoursRestriction?: boolean;
  technical?: string;
  errorCode?: string | null;
}

/**
 * Close Position failures (docs/product.md#error-messages): a market restriction 'Market Closed: {technical detail}';
 * an error code 'Brokerage Error ({code}): {message}'; otherwise 'Failed to close position: {message or Unknown
 * error}'; a call that never got an answer 'Failed to sell position. Please try again.'
 */
export function sellFailureMessage(error: unknown): string {
  if (isNetworkError(error) || !isApiError(error)) return SELL_THROWN;
  const failure = (error.details && typeof error.details === 'object' ? error.details : {}) as SellFailure;
  const message = error.serverMessage;
  if (failure.isMarketHoursRestriction) return `Market Closed: ${failure.technical ?? message ?? 'Unknown error'}`;
  if (failure.errorCode) return `Brokerage Error (${failure.errorCode}): ${message ?? failure.technical ?? ''}`.trim();
  return `Failed to close position: ${message ?? 'Unknown error'}`;
}
