import type { TradeView } from '@copytrade/contracts';
import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts/http/copy-engine/copy-trade.rules';
import { isWholeOrderQuantity } from '@copytrade/contracts/rules';
import { isApiError, isNetworkError } from '@/lib/api-client';
import type { CopyTradeBody } from '../api/copy-trade';

export interface Notice {
  title: string;
  description?: string;
}

export const COPY_CONFIRM_LABEL =
  'I understand that copying places a real market order in my brokerage account and that I can lose money.';

/** The quantity field: an integer, anything else is 0 (docs/product.md#validation-rules). */
export const parseQuantity = (raw: string): number => {
  const value = Number.parseInt(raw, 10);
  return Number.isFinite(value) ? value : 0;
};

/** The quantity a copy starts at: the trader's, as a whole number of at least 1. */
export const startingQuantity = (traderQuantity: number): number =>
  Math.max(1, Math.floor(Number.isFinite(traderQuantity) ? traderQuantity : 1));

/** Quick buttons (docs/product.md#copy-dialog-and-sell): 50 % (floor, minimum 1), same as the trader, 2x. */
export const quickQuantities = (traderQuantity: number) => {
  const same = startingQuantity(traderQuantity);
  return { half: Math.max(1, Math.floor(same / 2)), same, double: same * 2 };
};

/** Options are bought per contract (× the multiplier, 100 by default); stocks per share (× 1). */
export const contractMultiplierOf = (trade: Pick<TradeView, 'isOptions' | 'contractMultiplier'>): number =>
  trade.isOptions ? trade.contractMultiplier || 100 : 1;

/**
 * The client's estimate of what the copy costs, in dollars: quantity × the per-share or per-contract price the trace
 * page shows (options prices are stored in hundredths: ÷ 100 per contract). The server checks its own estimate.
 */
export function estimateCopyAmount(
  trade: Pick<TradeView, 'isOptions' | 'currentPrice' | 'price'>,
  quantity: number,
): number {
  const stored = trade.currentPrice > 0 ? trade.currentPrice : trade.price;
  const unitPrice = trade.isOptions ? stored / 100 : stored;
  return Math.round(unitPrice * quantity * 100) / 100;
}

/** US dollars, 2 decimals; a missing or non-numeric value is $0.00. */
export const formatUsd = (value: number | null | undefined): string =>
  `$${(typeof value === 'number' && Number.isFinite(value) ? value : 0).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

export interface CopyCheckInput {
  userId: string | null;
  trade: TradeView | null;
  quantity: number;
  brokerageConnected: boolean;
  accountId: string;
  confirmed: boolean;
}

export type CopyCheckResult =
  | { ok: true; body: CopyTradeBody }
  | { ok: false; action: 'ignore' }
  | { ok: false; action: 'connect' }
  | { ok: false; action: 'toast'; notice: Notice };

export const TRADE_CLOSED_TEXT = 'This trade is closed and can no longer be copied.';

const MISSING_OPTION_FIELDS = ['optionType', 'strikePrice', 'expirationDate'] as const;

/**
 * The copy checks (docs/product.md#copy-dialog-and-sell), in order; the first that fails is the answer: no user, no
 * trade id or a quantity of 0 or less → ignored; no connected brokerage → to /settings; a trade not open → 'Trade
 * Closed'; no account → 'No Account Selected'; options without their type, strike or expiry → 'Incomplete Options
 * Data'; a required field missing → 'Invalid Request'; the risks not confirmed → 'Risk Confirmation Required'; a
 * quantity that is not a whole number from 1 to 1,000,000 (what the server accepts) → 'Invalid Quantity'.
 */
export function runCopyChecks(input: CopyCheckInput): CopyCheckResult {
  const { trade, quantity } = input;
  if (!input.userId || !trade?.id || !(quantity > 0)) return { ok: false, action: 'ignore' };
  if (!input.brokerageConnected) return { ok: false, action: 'connect' };
  // Closed trades cannot be copied (the lists do not offer them; the dialog refuses them too) (see
  // docs/product.md#trace-page).
  if (trade.status !== 'open')
    return { ok: false, action: 'toast', notice: { title: 'Trade Closed', description: TRADE_CLOSED_TEXT } };
  if (!input.accountId)
    return {
      ok: false,
      action: 'toast',
      notice: { title: 'No Account Selected', description: 'Please select a brokerage account to copy the trade to.' },
    };
  if (trade.isOptions) {
    const missing = MISSING_OPTION_FIELDS.filter((field) => trade[field] === null || trade[field] === '');
    if (missing.length > 0)
      return {
        ok: false,
        action: 'toast',
        notice: {
          title: 'Incomplete Options Data',
          description: `Cannot copy options trade: missing ${missing.join(', ')}. The original trade may not have complete options information.`,
        },
      };
  }
  const copyAmount = estimateCopyAmount(trade, quantity);
  const required = { userId: input.userId, tradeId: trade.id, accountId: input.accountId, copyAmount };
  const missing = Object.entries(required)
    .filter(([, value]) => value === '' || (typeof value === 'number' && !(Number.isFinite(value) && value > 0)))
    .map(([field]) => field);
  if (missing.length > 0)
    return {
      ok: false,
      action: 'toast',
      notice: { title: 'Invalid Request', description: `Missing required fields: ${missing.join(', ')}` },
    };
  if (!input.confirmed)
    return {
      ok: false,
      action: 'toast',
      notice: { title: 'Risk Confirmation Required', description: 'Please confirm the risks of copying this trade.' },
    };
  if (!isWholeOrderQuantity(quantity))
    return {
      ok: false,
      action: 'toast',
      notice: { title: 'Invalid Quantity', description: CopyTradeMessages.invalidQuantity },
    };
  return {
    ok: true,
    body: {
      ...required,
      customQuantity: quantity,
      confirmRisks: true,
      ...(trade.isOptions
        ? {
            isOptions: true as const,
            optionType: trade.optionType ?? undefined,
            strikePrice: trade.strikePrice ?? undefined,
            expirationDate: trade.expirationDate ?? undefined,
          }
        : {}),
      contractMultiplier: contractMultiplierOf(trade),
    },
  };
}

export const UNEXPECTED_COPY_ERROR: Notice = {
  title: 'Copy Trade Error',
  description: 'An unexpected error occurred while copying the trade',
};

const SUBSCRIPTION_CODES: readonly string[] = [
  CopyTradeErrorCode.SUBSCRIPTION_REQUIRED,
  CopyTradeErrorCode.TIER_TOO_LOW,
  CopyTradeErrorCode.TIER_CANNOT_COPY,
];

/**
 * Copy failures (docs/product.md#error-messages): the toast title from the server's code and message (matched
 * case-insensitively in the catalogue's order), the server's message as the description; a request without an answer is
 * 'Copy Trade Error'.
 */
export function copyErrorNotice(error: unknown): Notice {
  if (!isApiError(error)) return UNEXPECTED_COPY_ERROR;
  const message = error.serverMessage ?? error.message;
  const text = message.toLowerCase();
  const notice = (title: string, description = message): Notice => ({ title, description });
  if (error.code === CopyTradeErrorCode.MISSING_REQUIRED_FIELDS || text.includes('missing required fields'))
    return notice('Invalid Request');
  if (text.includes('invalid options symbol') || text.includes('occ format')) return notice('Options Format Error');
  if (
    error.code === CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE ||
    text.includes('missing required options data') ||
    text.includes('cannot copy options trade')
  )
    return notice('Incomplete Options Data');
  if (text.includes('invalid options data'))
    return notice('Invalid Options Data', `${message} Please contact support.`);
  if (
    error.code === CopyTradeErrorCode.MARKET_CLOSED ||
    text.includes('market hours') ||
    text.includes('not supported right now')
  )
    return notice('Market Hours Restriction');
  if (text.includes('buying power')) return notice('Insufficient Funds');
  if (SUBSCRIPTION_CODES.includes(error.code) || text.includes('subscription') || text.includes('tier'))
    return notice('Subscription Required');
  return notice('Copy Trade Failed');
}

/**
 * Whether the copy may have been placed although no result came back: no answer at all, the gateway's 'outcome
 * unknown' (503) or the copy still being placed (409). Such a submission is retried with the same request id, so
 * the brokerage answers the first order instead of placing a second one.
 */
export const isOutcomeUnknown = (error: unknown): boolean =>
  isNetworkError(error) ||
  (isApiError(error) && (error.code === 'COPY_OUTCOME_UNKNOWN' || error.code === CopyTradeErrorCode.COPY_IN_FLIGHT));
