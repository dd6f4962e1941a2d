import type { ActionStrictWithOptions, ManualTradeFormWithOptions, OrderTypeStrict } from 'snaptrade-typescript-sdk';
import { invalidData } from './fake-errors';
import type { FakeOption } from './fake-state';

/** The body of POST /trade/place as it may arrive: the SDK's form, but anything a client could send. */
export type PlaceOrderBody = { [K in keyof ManualTradeFormWithOptions]?: unknown };

/** A place request that passed the provider's field checks. */
export interface OrderRequest {
  accountId: string;
  action: ActionStrictWithOptions;
  symbol: string;
  option: FakeOption | null;
  orderType: OrderTypeStrict;
  timeInForce: string;
  limitPrice: number | null;
  stopPrice: number | null;
  /** Exactly one of units and notional is set. */
  units: number | null;
  notional: number | null;
  clientOrderId: string | null;
}

const ACTIONS: readonly ActionStrictWithOptions[] = [
  'BUY',
  'SELL',
  'BUY_TO_OPEN',
  'BUY_TO_CLOSE',
  'SELL_TO_OPEN',
  'SELL_TO_CLOSE',
];
const ORDER_TYPES: readonly OrderTypeStrict[] = ['Limit', 'Market', 'StopLimit', 'Stop'];
const TIMES_IN_FORCE = ['FOK', 'Day', 'GTC', 'IOC', 'GTD'];
const OCC = /^([A-Z0-9.]{1,6}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

export function parseOption(symbol: string): FakeOption | null {
  const match = OCC.exec(symbol);
  if (!match || symbol.length !== 21) return null;
  const [, root, yy, mm, dd, kind, strike] = match;
  return {
    underlying: root!,
    optionType: kind === 'C' ? 'CALL' : 'PUT',
    strike: Number(strike) / 1000,
    expiration: `20${yy}-${mm}-${dd}`,
  };
}

const absent = (value: unknown) => value === undefined || value === null;

/** A positive decimal given as a JSON number or a decimal string (as the provider's serializer accepts); else null. */
function positiveDecimal(value: unknown): number | null {
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) return null;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * The provider's checks of ManualTradeFormWithOptions, before the brokerage sees the order: enums,
 * symbol xor universal_symbol_id (and the symbol resolves), price for Limit/StopLimit, stop for Stop/StopLimit,
 * units xor notional_value (positive numbers), notional only with Market + Day, GTD with an expiry date and not
 * for Market. Each failure is a 400 in the provider's shape.
 */
export function validateOrderFields(
  body: PlaceOrderBody,
  resolveSymbol: (symbolOrId: string) => string | undefined,
): OrderRequest {
  if (typeof body.account_id !== 'string' || !body.account_id) throw invalidData('account_id is required.');
  const action = ACTIONS.find((known) => known === body.action);
  if (!action) throw invalidData(`"${String(body.action)}" is not a valid choice for action.`);
  const orderType = ORDER_TYPES.find((known) => known === body.order_type);
  if (!orderType) throw invalidData(`"${String(body.order_type)}" is not a valid choice for order_type.`);
  const timeInForce = TIMES_IN_FORCE.find((known) => known === body.time_in_force);
  if (!timeInForce) throw invalidData(`"${String(body.time_in_force)}" is not a valid choice for time_in_force.`);

  if (absent(body.symbol) === absent(body.universal_symbol_id))
    throw invalidData('Exactly one of symbol and universal_symbol_id must be provided.');
  const given = String(body.symbol ?? body.universal_symbol_id);
  const isOptionAction = action.includes('_TO_');
  const option = isOptionAction ? parseOption(given) : null;
  if (isOptionAction && !option) throw invalidData(`"${given}" is not a valid 21-character OCC option symbol.`);
  const symbol = option ? given : resolveSymbol(given);
  if (!symbol || (option && !resolveSymbol(option.underlying)))
    throw invalidData(`Symbol "${given}" could not be found for this account.`);

  const limitPrice = positiveDecimal(body.price);
  const stopPrice = positiveDecimal(body.stop);
  if ((orderType === 'Limit' || orderType === 'StopLimit') && limitPrice === null)
    throw invalidData(`price is required (a positive number) for ${orderType} orders.`);
  if ((orderType === 'Stop' || orderType === 'StopLimit') && stopPrice === null)
    throw invalidData(`stop is required (a positive number) for ${orderType} orders.`);

  if (absent(body.units) === absent(body.notional_value))
    throw invalidData('Exactly one of units and notional_value must be provided.');
  const units = absent(body.units) ? null : positiveDecimal(body.units);
  if (!absent(body.units) && units === null) throw invalidData('units must be a number greater than 0.');
  const notional = absent(body.notional_value) ? null : positiveDecimal(body.notional_value);
  if (!absent(body.notional_value) && notional === null)
    throw invalidData('notional_value must be a number greater than 0.');
  if (notional !== null && (orderType !== 'Market' || timeInForce !== 'Day'))
    throw invalidData('notional_value is only supported for Market orders with time_in_force Day.');
  if (notional !== null && option) throw invalidData('notional_value is not supported for options.');

  if (timeInForce === 'GTD' && (orderType === 'Market' || absent(body.expiry_date)))
    throw invalidData('GTD requires expiry_date and is not allowed for Market orders.');

  return {
    accountId: body.account_id,
    action,
    symbol,
    option,
    orderType,
    timeInForce,
    limitPrice: orderType === 'Limit' || orderType === 'StopLimit' ? limitPrice : null,
    stopPrice: orderType === 'Stop' || orderType === 'StopLimit' ? stopPrice : null,
    units,
    notional,
    clientOrderId: typeof body.client_order_id === 'string' ? body.client_order_id : null,
  };
}
