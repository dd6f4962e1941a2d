import { BrokerageErrorCode } from './brokerage.messages';
import { buildOccSymbol, parseOccSymbol, type OptionType } from './occ-symbol';

export type OrderAction = 'BUY' | 'SELL';

/** A market order as a client sends it: a stock by ticker, or an option by OCC symbol or by its fields. */
export interface MarketOrderInput {
  action: OrderAction;
  symbol: string;
  quantity: number;
  isOptions?: boolean;
  optionsTicker?: string;
  optionType?: string;
  strikePrice?: number;
  expirationDate?: string;
  contractMultiplier?: number;
}

/** The same order after validation: one canonical form, so equal orders have equal fingerprints. */
export interface NormalizedMarketOrder {
  action: OrderAction;
  /** Ticker for a stock, OCC symbol for an option. */
  symbol: string;
  underlying: string;
  /** Decimal string: shares (fractional allowed) or whole contracts. */
  quantity: string;
  option: { optionType: OptionType; strikePrice: string; expirationDate: string; multiplier: number } | null;
}

export interface OrderRuleError {
  code: string;
  message: string;
}

export const MarketOrderRules = {
  maxQuantity: 1_000_000,
  maxShareDecimals: 6,
  tickerPattern: /^[A-Z][A-Z0-9.-]{0,9}$/,
  datePattern: /^\d{4}-\d{2}-\d{2}$/,
  messages: {
    quantity: 'Quantity must be a positive number.',
    symbol: 'Symbol must be a ticker such as AAPL.',
    optionsIncomplete:
      'Options orders need an option type (call or put), a strike price and an expiration date, or an OCC symbol.',
    optionType: 'Option type must be call or put.',
    strike: 'Strike price must be a positive number with at most 3 decimals.',
    expiration: 'Expiration date must be a valid date (YYYY-MM-DD).',
    expired: 'This option contract has expired.',
    contracts: 'Options are traded in whole contracts.',
    multiplier: 'Contract multiplier must be a positive whole number.',
    occMismatch: 'The OCC symbol does not match the option fields.',
  },
} as const;

const invalidOptions = (message: string): OrderRuleError => ({
  code: BrokerageErrorCode.INVALID_OPTIONS_DATA,
  message,
});
const invalidOrder = (message: string): OrderRuleError => ({ code: BrokerageErrorCode.INVALID_ORDER, message });

/** Validates and normalizes a market order; `today` (YYYY-MM-DD, US/Eastern) decides whether an option has expired. */
export function normalizeMarketOrder(input: MarketOrderInput, today: string): NormalizedMarketOrder | OrderRuleError {
  const { messages } = MarketOrderRules;
  if (input.action !== 'BUY' && input.action !== 'SELL') return invalidOrder('Action must be BUY or SELL.');
  if (!Number.isFinite(input.quantity) || input.quantity <= 0 || input.quantity > MarketOrderRules.maxQuantity)
    return invalidOrder(messages.quantity);
  const occ = input.optionsTicker
    ? parseOccSymbol(input.optionsTicker)
    : input.isOptions
      ? parseOccSymbol(input.symbol ?? '')
      : null;
  const isOption = Boolean(input.isOptions || input.optionsTicker);
  if (!isOption) return normalizeStock(input);
  if (input.optionsTicker && !occ) return invalidOptions(messages.optionsIncomplete);

  const underlying = (occ?.underlying ?? input.symbol ?? '').trim().toUpperCase();
  if (!MarketOrderRules.tickerPattern.test(underlying)) return invalidOrder(messages.symbol);
  const optionType = input.optionType !== undefined ? input.optionType.toUpperCase() : occ?.optionType;
  const strike = input.strikePrice !== undefined ? input.strikePrice : occ ? Number(occ.strikePrice) : undefined;
  const expirationDate = input.expirationDate ?? occ?.expirationDate;
  if (optionType === undefined || strike === undefined || expirationDate === undefined)
    return invalidOptions(messages.optionsIncomplete);
  if (optionType !== 'CALL' && optionType !== 'PUT') return invalidOptions(messages.optionType);
  if (
    !Number.isFinite(strike) ||
    strike <= 0 ||
    Math.abs(strike * 1000 - Math.round(strike * 1000)) > 1e-6 ||
    strike >= 100_000
  )
    return invalidOptions(messages.strike);
  if (!isValidDate(expirationDate)) return invalidOptions(messages.expiration);
  if (expirationDate < today) return invalidOptions(messages.expired);
  if (!Number.isInteger(input.quantity)) return invalidOptions(messages.contracts);
  const multiplier = input.contractMultiplier ?? 100;
  if (!Number.isInteger(multiplier) || multiplier <= 0 || multiplier > 10_000)
    return invalidOptions(messages.multiplier);

  const contract = {
    underlying,
    optionType,
    strikePrice: String(Math.round(strike * 1000) / 1000),
    expirationDate,
  } as const;
  const symbol = buildOccSymbol(contract);
  if (occ && buildOccSymbol(occ) !== symbol) return invalidOptions(messages.occMismatch);
  return {
    action: input.action,
    symbol,
    underlying,
    quantity: String(input.quantity),
    option: { optionType, strikePrice: contract.strikePrice, expirationDate, multiplier },
  };
}

export function isOrderRuleError(value: NormalizedMarketOrder | OrderRuleError): value is OrderRuleError {
  return 'code' in value;
}

function normalizeStock(input: MarketOrderInput): NormalizedMarketOrder | OrderRuleError {
  const symbol = (input.symbol ?? '').trim().toUpperCase();
  if (!MarketOrderRules.tickerPattern.test(symbol)) return invalidOrder(MarketOrderRules.messages.symbol);
  const decimals = (String(input.quantity).split('.')[1] ?? '').length;
  if (decimals > MarketOrderRules.maxShareDecimals || String(input.quantity).includes('e'))
    return invalidOrder(MarketOrderRules.messages.quantity);
  return { action: input.action, symbol, underlying: symbol, quantity: String(input.quantity), option: null };
}

function isValidDate(value: string): boolean {
  if (!MarketOrderRules.datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
