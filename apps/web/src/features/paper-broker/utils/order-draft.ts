import {
  buildOccSymbol,
  isOrderRuleError,
  MarketOrderRules,
  normalizeMarketOrder,
  type OptionType,
} from '@copytrade/contracts/rules';
import type { PaperOrderInput } from '../api/place-paper-order';

export type Instrument = 'stock' | 'option';

/** What the order form holds, as typed. */
export interface OrderDraft {
  accountId: string;
  action: 'BUY' | 'SELL';
  instrument: Instrument;
  /** The ticker (a stock's, or an option's underlying). */
  symbol: string;
  quantity: string;
  optionType: OptionType;
  strikePrice: string;
  expirationDate: string;
}

export const OPTION_CONTRACT_MULTIPLIER = 100;

export const emptyDraft = (accountId = ''): OrderDraft => ({
  accountId,
  action: 'BUY',
  instrument: 'stock',
  symbol: '',
  quantity: '',
  optionType: 'CALL',
  strikePrice: '',
  expirationDate: '',
});

/** Today's date on the US/Eastern calendar (YYYY-MM-DD): options expiring before it have expired. */
export function easternToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const cleanTicker = (value: string) => value.trim().toUpperCase();

/** The OCC symbol the option fields describe, or null while they are incomplete or invalid. */
export function occSymbolOf(draft: OrderDraft): string | null {
  const underlying = cleanTicker(draft.symbol);
  const strike = Number(draft.strikePrice);
  if (!MarketOrderRules.tickerPattern.test(underlying) || !draft.strikePrice || !Number.isFinite(strike) || strike <= 0)
    return null;
  if (!MarketOrderRules.datePattern.test(draft.expirationDate)) return null;
  return buildOccSymbol({
    underlying,
    optionType: draft.optionType,
    strikePrice: String(strike),
    expirationDate: draft.expirationDate,
  });
}

/** The symbol to quote for the draft: the ticker of a stock, the OCC symbol of an option. */
export function quoteSymbolOf(draft: OrderDraft): string | null {
  if (draft.instrument === 'option') return occSymbolOf(draft);
  const ticker = cleanTicker(draft.symbol);
  return MarketOrderRules.tickerPattern.test(ticker) ? ticker : null;
}

/**
 * Checks the draft with the same rules the server applies (libs/contracts market-order rules) and builds the
 * request body, or returns the rule's message.
 */
export function toOrderInput(
  draft: OrderDraft,
  today: string = easternToday(),
): { order: PaperOrderInput } | { error: string } {
  const quantity = Number(draft.quantity);
  if (!draft.quantity.trim() || !Number.isFinite(quantity)) return { error: MarketOrderRules.messages.quantity };
  const symbol = cleanTicker(draft.symbol);
  const base = { accountId: draft.accountId || undefined, action: draft.action, symbol, quantity };

  if (draft.instrument === 'stock') {
    const checked = normalizeMarketOrder({ action: draft.action, symbol, quantity }, today);
    if (isOrderRuleError(checked)) return { error: checked.message };
    return { order: base };
  }

  const strikePrice = draft.strikePrice.trim() ? Number(draft.strikePrice) : undefined;
  const expirationDate = draft.expirationDate || undefined;
  const checked = normalizeMarketOrder(
    {
      action: draft.action,
      symbol,
      quantity,
      isOptions: true,
      optionType: draft.optionType,
      strikePrice,
      expirationDate,
      contractMultiplier: OPTION_CONTRACT_MULTIPLIER,
    },
    today,
  );
  if (isOrderRuleError(checked)) return { error: checked.message };
  return {
    order: {
      ...base,
      isOptions: true,
      optionsTicker: checked.symbol,
      optionType: draft.optionType === 'CALL' ? 'call' : 'put',
      strikePrice: Number(checked.option!.strikePrice),
      expirationDate: checked.option!.expirationDate,
      contractMultiplier: OPTION_CONTRACT_MULTIPLIER,
    },
  };
}
