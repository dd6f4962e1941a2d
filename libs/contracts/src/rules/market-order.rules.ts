import { BrokerageErrorCode } from './brokerage.messages';
import { buildOccSymbol, parseOccSymbol, type OptionType } from './occ-symbol';

export type OrderAction = 'BUY' | 'SELL';

/** How long a limit order may wait: the trading day, or not at all (IOC: fill what fills now; FOK: all now or nothing). */
export const TIMES_IN_FORCE = ['Day', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];

/**
 * A market order as a client sends it: a stock by ticker, or an option by OCC symbol or by its fields. With a
 * limit price it is a limit order instead: a buy fills at no more than the limit, a sell at no less.
 */
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
  /** Per share (per contract unit for options); makes the order a limit order. */
  limitPrice?: number;
  /** Only with a limit price; Day when omitted. */
  timeInForce?: TimeInForce;
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
  /**
   * Limit orders only (absent on a market order, whose normalized form stays as it always was): the limit as a
   * decimal string and its time in force.
   */
  limitPrice?: string;
  timeInForce?: TimeInForce;
}

type OrderLimit = Required<Pick<NormalizedMarketOrder, 'limitPrice' | 'timeInForce'>>;

export interface OrderRuleError {
  code: string;
  message: string;
}

export const MarketOrderRules = {
  maxQuantity: 1_000_000,
  maxShareDecimals: 6,
  /** Limit prices: above 0, below this, to 1/10,000 of a dollar at most (sub-penny prices exist below $1). */
  maxLimitPrice: 10_000_000,
  maxLimitDecimals: 4,
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
    limitPrice: 'Limit price must be a positive number below 10,000,000 with at most 4 decimals.',
    timeInForce: 'Time in force must be Day, IOC or FOK.',
    timeInForceWithoutLimit: 'A time in force can be given only with a limit price.',
  },
} as const;

const invalidOptions = (message: string): OrderRuleError => ({
  code: BrokerageErrorCode.INVALID_OPTIONS_DATA,
  message,
});
const invalidOrder = (message: string): OrderRuleError => ({ code: BrokerageErrorCode.INVALID_ORDER, message });

/**
 * Validates and normalizes a market (or limit) order; `today` (YYYY-MM-DD, US/Eastern) decides whether an option has
 * expired. The instrument is checked first, then the limit.
 */
export function normalizeMarketOrder(input: MarketOrderInput, today: string): NormalizedMarketOrder | OrderRuleError {
  const order = normalizeInstrument(input, today);
  if (isOrderRuleError(order)) return order;
  const limit = normalizeLimit(input);
  if (limit === null) return order;
  return 'code' in limit ? limit : { ...order, ...limit };
}

/** The limit of a limit order, null for a market order. */
function normalizeLimit(input: MarketOrderInput): OrderLimit | OrderRuleError | null {
  const { messages, maxLimitPrice, maxLimitDecimals } = MarketOrderRules;
  if (input.limitPrice === undefined || input.limitPrice === null)
    return input.timeInForce === undefined || input.timeInForce === null
      ? null
      : invalidOrder(messages.timeInForceWithoutLimit);
  const price = input.limitPrice;
  // JavaScript writes a number in its shortest exact form: its decimals are the ones the client sent.
  const written = String(price);
  if (
    typeof price !== 'number' ||
    !Number.isFinite(price) ||
    price <= 0 ||
    price >= maxLimitPrice ||
    written.includes('e') ||
    (written.split('.')[1] ?? '').length > maxLimitDecimals
  )
    return invalidOrder(messages.limitPrice);
  const timeInForce = input.timeInForce ?? 'Day';
  if (!TIMES_IN_FORCE.includes(timeInForce)) return invalidOrder(messages.timeInForce);
  return { limitPrice: written, timeInForce };
}

function normalizeInstrument(input: MarketOrderInput, today: string): NormalizedMarketOrder | OrderRuleError {
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

/** The limit a request asked for, as an order view shows it: null and null for a market order. */
export function requestedLimit(order: Pick<MarketOrderInput, 'limitPrice' | 'timeInForce'>): {
  limitPrice: number | null;
  timeInForce: TimeInForce | null;
} {
  return order.limitPrice === undefined || order.limitPrice === null
    ? { limitPrice: null, timeInForce: null }
    : { limitPrice: order.limitPrice, timeInForce: order.timeInForce ?? 'Day' };
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
