import { randomUUID } from 'node:crypto';
import {
  BROKER_REJECTIONS,
  brokerRejection,
  connectionDisabled,
  invalidData,
  noPermission,
  notFound,
} from './fake-errors';
import { isFinal, progressAt, type OrderProgress } from './fake-lifecycle';
import type { FakeAccount, FakeOrder, FakeSnaptradeState } from './fake-state';
import { validateOrderFields, type PlaceOrderBody } from './fake-validation';

const multiplier = (order: Pick<FakeOrder, 'option'>) => (order.option ? 100 : 1);
const isBuy = (order: Pick<FakeOrder, 'action'>) => order.action.startsWith('BUY');
const isLimit = (order: Pick<FakeOrder, 'orderType' | 'limitPrice'>) =>
  order.orderType === 'Limit' && order.limitPrice !== null;

/**
 * Whether the brokerage may fill the order at `price` (the fake's quote): a limit buy at or below its limit, a limit
 * sell at or above it; any other order at any price. Fills are at the quote, so a limit buy never pays above its limit.
 */
export function limitReached(order: Pick<FakeOrder, 'orderType' | 'limitPrice' | 'action'>, price: number): boolean {
  if (!isLimit(order)) return true;
  return isBuy(order) ? price <= order.limitPrice! : price >= order.limitPrice!;
}

/** What an open buy holds back per unit: a limit order its limit (the most it may cost), others their fill price. */
const holdPrice = (order: FakeOrder) => (isLimit(order) ? order.limitPrice! : order.price);

/** The order's state now, from its script (see fake-lifecycle). */
export function progressOf(order: FakeOrder, now = Date.now()): OrderProgress {
  return progressAt(order.script, order.units, order.placedAtMs, now, order.canceledAt);
}

/**
 * Applies every fill that has happened by `now` to cash and positions, once: cash and holdings change only by what
 * filled (a pending order changes nothing; a rejected or canceled rest never does). Called before every request.
 */
export function settle(state: FakeSnaptradeState, now = Date.now()): void {
  for (const order of state.orders) {
    // A final status is recorded together with its last fill: nothing about that order changes any more.
    if (isFinal(order.status)) continue;
    const progress = progressOf(order, now);
    order.status = progress.status;
    const delta = progress.filled - order.settledUnits;
    if (delta <= 0) continue;
    order.settledUnits = progress.filled;
    applyFill(state, order, delta);
  }
}

function applyFill(state: FakeSnaptradeState, order: FakeOrder, units: number): void {
  const account = state.accounts.get(order.accountId);
  const positions = state.positions.get(order.accountId);
  if (!account || !positions) return;
  const amount = units * order.price * multiplier(order);
  const held = positions.find((position) => position.symbol === order.symbol);
  if (isBuy(order)) {
    account.cash -= amount;
    if (held) {
      held.costBasis = (held.costBasis * held.units + order.price * units) / (held.units + units);
      held.units += units;
    } else positions.push({ symbol: order.symbol, units, costBasis: order.price, option: order.option });
    return;
  }
  account.cash += amount;
  if (!held) return;
  held.units = Math.max(0, held.units - units);
  if (held.units === 0) positions.splice(positions.indexOf(held), 1);
}

/** What open orders hold back: the unfilled rest of buys (cash) and of sells (units per symbol). */
function openRemainders(state: FakeSnaptradeState, accountId: string, now: number) {
  let cash = 0;
  const units = new Map<string, number>();
  for (const order of state.orders) {
    if (order.accountId !== accountId) continue;
    const { open } = progressOf(order, now);
    if (open <= 0) continue;
    if (isBuy(order)) cash += open * holdPrice(order) * multiplier(order);
    else units.set(order.symbol, (units.get(order.symbol) ?? 0) + open);
  }
  return { cash, units };
}

/** Cash less what open buy orders hold back (cash accounts: buying power is cash). */
export function buyingPower(state: FakeSnaptradeState, account: FakeAccount, now = Date.now()): number {
  return account.cash - openRemainders(state, account.id, now).cash;
}

/**
 * POST /trade/place: the account is the user's and can trade, the fields pass the provider's checks, then the
 * brokerage's own (market hours, buying power, units held, option expiry) refuse or accept it. An accepted order
 * takes the next script of its account and answers in its first state. The provider does not deduplicate
 * client_order_id (unless told to, as some brokerages do).
 * A limit order the quote does not reach takes no script: IOC and FOK are canceled at once with nothing filled (as
 * the provider's time-in-force definitions say); Day, GTC and GTD rest open (PENDING) until canceled, since the
 * fake's quote does not move on its own. A limit buy's buying power is checked at its limit.
 */
export function placeOrder(
  state: FakeSnaptradeState,
  userId: string,
  body: PlaceOrderBody,
  dedupeClientOrderId: boolean,
): FakeOrder {
  const account = typeof body.account_id === 'string' ? state.accounts.get(body.account_id) : undefined;
  if (!account || account.userId !== userId) throw notFound();
  const connection = state.connections.get(account.connectionId)!;
  if (connection.disabled) throw connectionDisabled();
  if (connection.type !== 'trade') throw noPermission();
  const request = validateOrderFields(body, (symbol) => state.resolveSymbol(symbol));
  if (dedupeClientOrderId && request.clientOrderId) {
    const previous = state.orders.find((order) => order.clientOrderId === request.clientOrderId);
    if (previous) return previous;
  }
  if (request.option && request.option.expiration < new Date().toISOString().slice(0, 10))
    throw brokerRejection(BROKER_REJECTIONS.expiredOption);
  if (!state.marketOpen) throw brokerRejection(BROKER_REJECTIONS.marketClosed);
  const price = state.priceOf(request.symbol, request.option);
  const units = request.units ?? Math.floor((request.notional! / price) * 1e6) / 1e6;
  if (!(units > 0)) throw invalidData('notional_value is too small for one unit fraction.');
  const now = Date.now();
  const order: FakeOrder = {
    id: randomUUID(),
    accountId: account.id,
    clientOrderId: request.clientOrderId,
    symbol: request.symbol,
    option: request.option,
    action: request.action,
    orderType: request.orderType,
    timeInForce: request.timeInForce,
    limitPrice: request.limitPrice,
    stopPrice: request.stopPrice,
    units,
    price,
    script: { kind: 'instant' },
    placedAt: new Date(now).toISOString(),
    placedAtMs: now,
    canceledAt: null,
    rejectReason: null,
    status: 'ACCEPTED',
    settledUnits: 0,
  };
  const remainders = openRemainders(state, account.id, now);
  if (isBuy(order) && units * holdPrice(order) * multiplier(order) > account.cash - remainders.cash + 1e-9)
    throw brokerRejection(BROKER_REJECTIONS.buyingPower);
  if (!isBuy(order)) {
    const held = state.positions.get(account.id)?.find((position) => position.symbol === order.symbol)?.units ?? 0;
    if (units > held - (remainders.units.get(order.symbol) ?? 0) + 1e-9)
      throw brokerRejection(BROKER_REJECTIONS.position);
  }
  if (!limitReached(order, price)) {
    order.script = { kind: 'stay-pending' };
    if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') order.canceledAt = now;
    state.orders.push(order);
    settle(state, now);
    return order;
  }
  order.script = state.scripts.next(account.id);
  if (order.script.kind === 'reject') order.rejectReason = order.script.reason ?? 'Rejected by the brokerage';
  state.orders.push(order);
  settle(state, now);
  return order;
}

/** POST /accounts/{id}/trading/cancel: an open order is canceled (its unfilled rest); anything else is refused. */
export function cancelOrder(state: FakeSnaptradeState, account: FakeAccount, brokerageOrderId: unknown): FakeOrder {
  const order = state.orders.find((row) => row.id === brokerageOrderId && row.accountId === account.id);
  if (!order) throw notFound();
  const now = Date.now();
  if (isFinal(progressOf(order, now).status)) throw invalidData('The order is not open and cannot be canceled.');
  order.canceledAt = now;
  settle(state, now);
  return order;
}
