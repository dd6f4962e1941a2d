/** A real-time brokerage refresh costs this much where the provider charges it. */
export const REFRESH_BROKERAGE_COST = 0.05;
/** The server's default wait between two real-time refreshes. */
export const DEFAULT_REFRESH_BROKERAGE_COOLDOWN_SECONDS = 180;

export const OwnerSellErrorCode = {
  CONNECTION_NOT_FOUND: 'CONNECTION_NOT_FOUND',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  REFRESH_RATE_LIMITED: 'REFRESH_RATE_LIMITED',
  ACCOUNT_NOT_OWN: 'ACCOUNT_NOT_OWN',
  TRADE_NOT_SHARED: 'TRADE_NOT_SHARED',
  TRADE_NOT_SELLABLE: 'TRADE_NOT_SELLABLE',
  POSITION_MISMATCH: 'POSITION_MISMATCH',
  QUANTITY_TOO_LARGE: 'QUANTITY_TOO_LARGE',
  SELL_IN_PROGRESS: 'SELL_IN_PROGRESS',
  SELL_NOT_FILLED: 'SELL_NOT_FILLED',
  /** The copy's code (CopyTradeErrorCode.RISKS_NOT_CONFIRMED): one code for an unconfirmed order on either path. */
  RISKS_NOT_CONFIRMED: 'RISKS_NOT_CONFIRMED',
} as const;

/**
 * User-visible texts of the refresh and the owner's sell (docs/product.md#error-messages, exactly where it gives them).
 */
export const OwnerSellMessages = {
  connectionNotFound: 'Please reconnect your brokerage account in Settings',
  connectionNotFoundTitle: 'Connection Not Found',
  insufficientCredits: "Your account doesn't have enough credits for real-time refresh ($0.05 required)",
  insufficientCreditsTitle: 'Insufficient Credits',
  refreshRateLimited: (seconds: number) =>
    `Real-time refresh is limited to one every few minutes. Try again in ${seconds} seconds.`,
  refreshedCharged: `Real-time refresh requested from SnapTrade ($${REFRESH_BROKERAGE_COST.toFixed(2)} charged); trades synced.`,
  refreshedFree: 'Paper broker refreshed at no charge ($0.00); trades synced.',
  refreshedSyncLater: ' Trades will update at the next sync: the brokerage could not be read just now.',
  accountNotOwn: 'You can only sell from your own first brokerage account.',
  userNotOwn: 'You can only sell positions of your own account.',
  tradeNotFound: 'No open shared trade of your trace matches this position.',
  tradeNotShared: 'Only shared trades can be sold from the Trade Manager.',
  tradeNotSellable: 'This trade is already sold or closed.',
  positionMismatch: 'The position does not match the trade (symbol, option or account).',
  quantityTooLarge: (max: number) => `Please enter a valid quantity between 1 and ${max}`,
  sellInProgress: 'A sell order for this trade is already awaiting its fill.',
  sold: (symbol: string) => `Sell order filled for ${symbol}.`,
  pending: (symbol: string) =>
    `Sell order for ${symbol} accepted by the brokerage; the trade closes when it fills. Ask again with the same request id for its result.`,
  awaitingConfirmation:
    'Sell order sent; awaiting confirmation from the brokerage. It may have been placed: retry with the same request id for its result, never with a new one.',
  notFilled: 'The brokerage did not fill this sell order (canceled, expired or rejected).',
  risksNotConfirmed: 'Please confirm that you understand the risks of this sell order (confirmRisks: true).',
} as const;
