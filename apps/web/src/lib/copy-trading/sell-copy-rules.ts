import type { CopyInstanceView } from '@copytrade/contracts';
import type { Notice } from '@/components/order-form/order-rules';
import { marketSellData } from '@/components/order-form/sell-position';
import { isApiError, isNetworkError } from '@/lib/api-client';

/** Sell toasts of the terminal and the trace page (docs/product.md#error-messages). */
export const SELL_COPY_TEXTS = {
  submittedTitle: 'Sell Order Submitted',
  failedTitle: '❌ Sell Order Failed',
  connectionTitle: 'Connection Required',
  connectionText: 'Please connect your brokerage account in Settings to sell.',
  noAccountTitle: 'No Account Found',
  noAccountText: 'The brokerage account this copy was placed in was not found. Please check your brokerage connection.',
  networkTitle: 'Error',
  networkText: 'Network error. Please check your connection and try again.',
  trackingTitle: 'Sold, but not recorded yet',
  trackingText:
    'The position was sold at your brokerage, but recording the close failed. Refresh My Copy Trades in a moment.',
} as const;

/** An options market-hours notice lasts 8 s. */
const MARKET_HOURS_TOAST_MS = 8_000;

const CONNECTION_CODES = new Set(['CONNECTION_NOT_FOUND', 'CONNECTION_DISABLED', 'PROVIDER_USER_NOT_REGISTERED']);
const ACCOUNT_CODES = new Set(['ACCOUNT_NOT_FOUND', 'ACCOUNT_NOT_OWN']);

/** What a failed sell of a copy reads as (docs/product.md#error-messages). */
export function sellCopyErrorNotice(error: unknown): Notice & { duration?: number } {
  if (isNetworkError(error)) return { title: SELL_COPY_TEXTS.networkTitle, description: SELL_COPY_TEXTS.networkText };
  if (!isApiError(error)) return { title: SELL_COPY_TEXTS.failedTitle };
  if (CONNECTION_CODES.has(error.code))
    return {
      title: SELL_COPY_TEXTS.connectionTitle,
      description: error.serverMessage ?? SELL_COPY_TEXTS.connectionText,
    };
  if (ACCOUNT_CODES.has(error.code))
    return { title: SELL_COPY_TEXTS.noAccountTitle, description: error.serverMessage ?? SELL_COPY_TEXTS.noAccountText };
  const marketHours = error.code === 'MARKET_CLOSED';
  return {
    title: SELL_COPY_TEXTS.failedTitle,
    description: error.serverMessage,
    duration: marketHours ? MARKET_HOURS_TOAST_MS : undefined,
  };
}

/**
 * The close body (docs/product.md#my-copy-trades): exitPrice is the order's price, else the current price, else the
 * entry price, else 1.
 */
export function exitPriceOf(orderPrice: number | null | undefined, copy: CopyInstanceView): number {
  for (const candidate of [orderPrice, copy.copierCurrentPrice, copy.copyEntryPrice]) {
    if (typeof candidate === 'number' && Number.isFinite(candidate) && candidate > 0) return candidate;
  }
  return 1;
}

/**
 * The position data of a copy's sell. The trace's id routes it to the copy engine for a follower; a trader who
 * copied their own trade sends 'unknown', so the sell is of the copy, never of the trader's own position.
 */
export function copyPositionData(copy: CopyInstanceView, userId: string, quantity: number) {
  const trade = copy.originalTrade;
  return marketSellData(trade, trade.trader.id === userId ? 'unknown' : trade.trace.id, quantity);
}
