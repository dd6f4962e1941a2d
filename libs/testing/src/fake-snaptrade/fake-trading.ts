import { randomUUID } from 'node:crypto';
import type { FakeAccount, FakeOption, FakeOrder, FakeSnaptradeState } from './fake-state';

export interface PlaceOrderBody {
  account_id?: string;
  action?: string;
  symbol?: string | null;
  universal_symbol_id?: string | null;
  order_type?: string;
  time_in_force?: string;
  units?: number | null;
  notional_value?: number | string | null;
  price?: number | null;
  stop?: number | null;
  client_order_id?: string | null;
}

export class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

const OCC = /^([A-Z0-9.]{1,6}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;
const ACTIONS = ['BUY', 'SELL', 'BUY_TO_OPEN', 'BUY_TO_CLOSE', 'SELL_TO_OPEN', 'SELL_TO_CLOSE'];

function parseOption(symbol: string): FakeOption | null {
  const match = OCC.exec(symbol);
  if (!match) return null;
  const [, root, yy, mm, dd, kind, strike] = match;
  return {
    underlying: root!,
    optionType: kind === 'C' ? 'CALL' : 'PUT',
    strike: Number(strike) / 1000,
    expiration: `20${yy}-${mm}-${dd}`,
  };
}

/**
 * POST /trade/place with the checks NOTES.md lists: the account is the user's, the connection can trade,
 * one of symbol / universal_symbol_id, enums, units xor notional, buying power, holdings. Market orders fill
 * at once at the fake price. The provider does not deduplicate client_order_id (unless told to).
 */
export function placeOrder(
  state: FakeSnaptradeState,
  userId: string,
  body: PlaceOrderBody,
  dedupeClientOrderId: boolean,
): FakeOrder {
  const account = body.account_id ? state.accounts.get(body.account_id) : undefined;
  if (!account || account.userId !== userId)
    throw new FakeHttpError(404, '1011', 'The requested resource does not exist.');
  const connection = state.connections.get(account.connectionId)!;
  if (connection.disabled)
    throw new FakeHttpError(402, '3003', 'Unable to sync with brokerage account because the connection is disabled.');
  if (connection.type !== 'trade')
    throw new FakeHttpError(403, '1066', 'This connection does not have trading permission.');
  if (Boolean(body.symbol) === Boolean(body.universal_symbol_id))
    throw new FakeHttpError(400, '1012', 'Exactly one of symbol and universal_symbol_id is required.');
  if (!ACTIONS.includes(body.action ?? '')) throw new FakeHttpError(400, '1012', 'Invalid action.');
  if (!['Market', 'Limit', 'Stop', 'StopLimit'].includes(body.order_type ?? ''))
    throw new FakeHttpError(400, '1012', 'Invalid order_type.');
  if (!['Day', 'GTC', 'FOK', 'IOC', 'GTD'].includes(body.time_in_force ?? ''))
    throw new FakeHttpError(400, '1012', 'Invalid time_in_force.');
  if ((body.units == null) === (body.notional_value == null))
    throw new FakeHttpError(400, '1012', 'Exactly one of units and notional_value is required.');
  if (dedupeClientOrderId && body.client_order_id) {
    const previous = state.orders.find((order) => order.clientOrderId === body.client_order_id);
    if (previous) return previous;
  }
  const symbol = body.symbol!;
  const isOptionAction = body.action!.includes('_TO_');
  const option = isOptionAction ? parseOption(symbol) : null;
  if (isOptionAction && (!option || symbol.length !== 21))
    throw new FakeHttpError(400, '1012', 'Invalid option symbol: expected a 21-character OCC symbol.');
  if (option && option.expiration < new Date().toISOString().slice(0, 10))
    throw new FakeHttpError(400, '1012', 'The option contract has expired.');
  if (!state.marketOpen) throw new FakeHttpError(400, '1012', 'Order rejected by the brokerage: the market is closed.');
  const units = Number(body.units);
  const price = state.priceOf(symbol, option);
  const amount = units * price * (option ? 100 : 1);
  const buying = body.action!.startsWith('BUY');
  if (buying) buy(state, account, symbol, option, units, price, amount);
  else sell(state, account, symbol, units, amount);
  const order: FakeOrder = {
    id: randomUUID(),
    accountId: account.id,
    clientOrderId: body.client_order_id ?? null,
    symbol,
    option,
    action: body.action!,
    units,
    price,
    status: 'EXECUTED',
    placedAt: new Date().toISOString(),
  };
  state.orders.push(order);
  return order;
}

function buy(
  state: FakeSnaptradeState,
  account: FakeAccount,
  symbol: string,
  option: FakeOption | null,
  units: number,
  price: number,
  amount: number,
): void {
  if (amount > account.cash)
    throw new FakeHttpError(
      400,
      '1012',
      `Order rejected by the brokerage: insufficient buying power (${account.cash.toFixed(2)} available).`,
    );
  account.cash -= amount;
  const positions = state.positions.get(account.id)!;
  const held = positions.find((position) => position.symbol === symbol);
  if (held) {
    held.costBasis = (held.costBasis * held.units + price * units) / (held.units + units);
    held.units += units;
  } else positions.push({ symbol, units, costBasis: price, option });
}

function sell(state: FakeSnaptradeState, account: FakeAccount, symbol: string, units: number, amount: number): void {
  const positions = state.positions.get(account.id)!;
  const held = positions.find((position) => position.symbol === symbol);
  if (!held || held.units < units)
    throw new FakeHttpError(400, '1012', 'Order rejected by the brokerage: insufficient shares to sell.');
  held.units -= units;
  if (held.units === 0) positions.splice(positions.indexOf(held), 1);
  account.cash += amount;
}
