import { BrokerageMessages } from '../../rules/brokerage.messages';

/**
 * The fields a copy-trade request must carry, in the order the message lists them (see
 * docs/product.md#validation-rules).
 */
export const COPY_TRADE_REQUIRED_FIELDS = ['userId', 'tradeId', 'accountId', 'copyAmount'] as const;

/** The required fields a copy-trade body lacks (absent, null or blank), in the order the message lists them. */
export function missingCopyTradeFields(body: Partial<Record<(typeof COPY_TRADE_REQUIRED_FIELDS)[number], unknown>>) {
  return COPY_TRADE_REQUIRED_FIELDS.filter((field) => {
    const value = body[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}

/** Codes of the copy paths (carried unchanged to the web app, which branches on them). */
export const CopyTradeErrorCode = {
  MISSING_REQUIRED_FIELDS: 'MISSING_REQUIRED_FIELDS',
  RISKS_NOT_CONFIRMED: 'RISKS_NOT_CONFIRMED',
  TRADE_NOT_FOUND: 'TRADE_NOT_FOUND',
  TRADE_NOT_SHARED: 'TRADE_NOT_SHARED',
  TRADE_CLOSED: 'TRADE_CLOSED',
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  TIER_TOO_LOW: 'TIER_TOO_LOW',
  TIER_CANNOT_COPY: 'TIER_CANNOT_COPY',
  COPYING_DISABLED: 'COPYING_DISABLED',
  ALREADY_COPIED: 'ALREADY_COPIED',
  BROKERAGE_NOT_CONNECTED: 'BROKERAGE_NOT_CONNECTED',
  ACCOUNT_NOT_OWN: 'ACCOUNT_NOT_OWN',
  OPTIONS_DATA_INCOMPLETE: 'OPTIONS_DATA_INCOMPLETE',
  INVALID_QUANTITY: 'INVALID_QUANTITY',
  ABOVE_MAX_COPY_AMOUNT: 'ABOVE_MAX_COPY_AMOUNT',
  MARKET_CLOSED: 'MARKET_CLOSED',
  REQUEST_ID_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  COPY_IN_FLIGHT: 'COPY_IN_FLIGHT',
  COPY_NOT_FILLED: 'COPY_NOT_FILLED',
  COPY_NOT_FOUND: 'COPY_NOT_FOUND',
  /** No live quote could be had for the copy's instrument: it is not placed, so no limit can be passed blindly. */
  QUOTE_UNAVAILABLE: 'QUOTE_UNAVAILABLE',
  /** A follower sizing copies by a percentage of their account whose account value the brokerage does not know. */
  ACCOUNT_VALUE_UNKNOWN: 'ACCOUNT_VALUE_UNKNOWN',
  /** A guard decided not to place the copy (a skipped copy, shown with its reason). */
  SKIPPED_PRICE_MOVED: 'COPY_SKIPPED_PRICE_MOVED',
  SKIPPED_SHARE_TOO_OLD: 'COPY_SKIPPED_SHARE_TOO_OLD',
  SKIPPED_PAUSED: 'COPY_SKIPPED_PAUSED',
  SKIPPED_STOPPED: 'COPY_SKIPPED_STOPPED',
  SKIPPED_DAILY_LOSS: 'COPY_SKIPPED_DAILY_LOSS',
  /** An automatic copy queued for the market open whose trader closed the trade first: cancelled, never sent. */
  TRADER_CLOSED_BEFORE_OPEN: 'COPY_TRADER_CLOSED_BEFORE_OPEN',
  /** An automatic copy queued for the market open whose follower turned copy trading off first: never sent. */
  COPY_TRADING_OFF_BEFORE_OPEN: 'COPY_TRADING_OFF_BEFORE_OPEN',
} as const;

/** The failure codes of copies a guard skipped (recorded as not placed, shown as skipped with their reason). */
export const COPY_SKIP_CODES: ReadonlySet<string> = new Set([
  CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
  CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD,
  CopyTradeErrorCode.SKIPPED_PAUSED,
  CopyTradeErrorCode.SKIPPED_STOPPED,
  CopyTradeErrorCode.SKIPPED_DAILY_LOSS,
]);
export type CopyTradeErrorCodeValue = (typeof CopyTradeErrorCode)[keyof typeof CopyTradeErrorCode];

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;
const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What the copy paths answer. Each refusal's text carries the words the web app's toast matching looks for
 * (docs/product.md#error-messages): 'Missing required fields' → Invalid Request; 'cannot copy options trade' →
 * Incomplete Options Data; 'market hours' → Market Hours Restriction; 'buying power' (the brokerage's) → Insufficient
 * Funds; 'subscription' / 'tier' → Subscription Required; anything else → Copy Trade Failed.
 */
export const CopyTradeMessages = {
  missingFields: (fields: readonly string[]) => `Missing required fields: ${fields.join(', ')}`,
  risksNotConfirmed: 'Please confirm that you understand the risks of copying this trade (confirmRisks: true).',
  tradeNotFound: 'This trade was not found. It may have been removed by the trader.',
  tradeNotShared: 'This trade is not shared with subscribers, so it cannot be copied.',
  tradeClosed: 'This trade is closed and can no longer be copied.',
  subscriptionRequired: 'An active subscription to this trace is required to copy its trades.',
  tierTooLow: (required: string, tier: string) =>
    `This trade is shared with ${required} subscribers and above; your ${tier} subscription tier cannot copy it.`,
  tierCannotCopy: (tier: string) => `Your ${tier} subscription tier does not include copy trading.`,
  copyingDisabled: 'This trader does not allow copying of their trades.',
  alreadyCopied: 'You have already copied this trade.',
  brokerageNotConnected: 'No brokerage account connected. Please connect your brokerage account in Settings.',
  accountNotOwn: 'Copies can only be placed in your own first brokerage account.',
  optionsIncomplete: (missing: readonly string[]) =>
    `Cannot copy options trade: missing ${missing.join(', ')}. The original trade may not have complete options information.`,
  invalidQuantity: 'Quantity must be a whole number from 1 to 1,000,000.',
  aboveMaxCopyAmount: (amount: number, max: number) =>
    `This copy (about ${usd(amount)}) is above your maximum copy amount of ${usd(max)}. Lower the quantity or raise the maximum in Settings.`,
  quoteUnavailable: (symbol: string) =>
    `No live quote is available for ${symbol}, so the copy was not placed (your copy limits are checked against a live price).`,
  /** A price-protected copy not placed: the price had moved past the follower's limit. */
  priceMoved: (movedPercent: number, limitPercent: number) =>
    `Price moved ${percent(movedPercent)} from the trader's (your limit ${percent(limitPercent)})`,
  /** A price-protected copy whose limit order the brokerage could not fill at once. */
  priceMovedBeforeFill: (limitPrice: number) =>
    `Price moved past your limit of ${usd(limitPrice)} before the order could fill`,
  shareTooOld: (ageMinutes: number, maxMinutes: number) =>
    `Shared ${ageMinutes} min ago, later than your limit of ${maxMinutes} min for automatic copies`,
  autoCopyPaused: 'Automatic copying of this trace is paused',
  autoCopyStopped: 'You stopped all automatic copying',
  dailyLossReached: (limit: number) =>
    `Automatic copying is stopped for today: your copies lost more than your daily limit of ${usd(limit)}`,
  marketClosed: `Market hours restriction: ${BrokerageMessages.marketClosed}`,
  traderClosedBeforeOpen: 'Not placed: the trader closed the trade before the market opened',
  copyTradingOffBeforeOpen: 'Not placed: you turned copy trading off before the market opened',
  /** An automatic copy not placed: even one share or contract costs more than the follower's maximum. */
  autoAboveMaxCopyAmount: (unitCost: number, max: number, isOptions: boolean) =>
    `Not copied automatically: one ${isOptions ? 'contract' : 'share'} (about ${usd(unitCost)}) is above your maximum copy amount of ${usd(max)}. Raise the maximum in Settings to copy trades like this one.`,
  /** An automatic copy not placed: sized by a percentage of an account whose value is not known. */
  accountValueUnknown: (sizingPercent: number) =>
    `Not copied automatically: the value of your brokerage account in US dollars is not known yet, so ${percent(sizingPercent)} of it could not be worked out. Open your dashboard to refresh your balances, or size copies by a fixed amount in Settings.`,
  requestIdReused: 'This request id was already used for a different copy request.',
  inFlight: 'This copy is still being placed with the brokerage. Try again in a moment with the same request id.',
  notFilled: 'The brokerage did not fill the copy order (canceled, expired or rejected).',
  copyNotFound: 'No copy of this trade was recorded for you. Copy the trade first.',
  filled: (quantity: number, symbol: string, isOptions: boolean, total: number) =>
    `Copied ${quantity} ${isOptions ? 'contracts' : 'shares'} of ${symbol} for ${usd(total)}`,
  pending: (symbol: string) =>
    `Copy order for ${symbol} accepted by the brokerage; the copy opens when it fills. Ask again with the same request id for its result.`,
  awaitingConfirmation:
    'Copy order sent; awaiting confirmation from the brokerage. It may have been placed: retry with the same request id for its result, never with a new one.',
} as const;
