import type { AccountOrderRecordStatus } from 'snaptrade-typescript-sdk';
import { accountView, cachedView } from './fake-account-data';
import { featureNotEnabled, invalidData, notFound, ordersNotImplemented } from './fake-errors';
import { isFinal } from './fake-lifecycle';
import { ok, ownAccount, type Route, type RouteContext } from './fake-route-kit';
import type { FakeAccount, FakeOrder } from './fake-state';
import { cancelOrder, placeOrder, progressOf } from './fake-trading';
import type { PlaceOrderBody } from './fake-validation';
import * as wire from './fake-wire';

const DAY_MS = 86_400_000;
const LEGACY_GONE = { status: 410, body: { detail: 'This endpoint is no longer available for your account.' } };
/** What "executed" selects (/orders?state=executed, recentOrders' only_executed): orders with something filled. */
const EXECUTED: readonly AccountOrderRecordStatus[] = ['EXECUTED', 'PARTIAL', 'PARTIAL_CANCELED'];

/** The account's orders placed between `since` and `at`, newest first, each as the provider knew it at `at`. */
function ordersOf(account: FakeAccount, context: RouteContext, since: number, at = Date.now()) {
  return context.state.orders
    .filter((order) => order.accountId === account.id && order.placedAtMs >= since && order.placedAtMs <= at)
    .reverse()
    .map((order) => ({ order, progress: progressOf(order, at) }));
}

const records = (rows: ReturnType<typeof ordersOf>) =>
  rows.map(({ order, progress }) => wire.orderRecord(order, progress));

/** `days` of GET /orders: 1 to 90 (more is capped at 90), 30 when absent. */
function daysOf(query: URLSearchParams): number {
  const raw = query.get('days');
  if (raw === null) return 30;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw invalidData('days must be an integer of at least 1.');
  return Math.min(Number(raw), 90);
}

function brokerOf(context: RouteContext, account: FakeAccount): string {
  return context.state.connections.get(account.connectionId)?.broker ?? 'UNKNOWN';
}

function orderOf(context: RouteContext, account: FakeAccount): FakeOrder {
  const order = context.state.orders.find(
    (row) => row.id === context.body.brokerage_order_id && row.accountId === account.id,
  );
  if (!order) throw notFound();
  return order;
}

/** Accounts, their data, their orders, and trading. */
export const ACCOUNT_ROUTES: Route[] = [
  {
    method: 'GET',
    pattern: /^\/accounts$/,
    auth: 'user',
    handle: ({ state, user }) =>
      ok(state.accountsOf(user!.userId).map((row) => wire.account(state, row, accountView(state, row)))),
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      return ok(wire.account(context.state, account, accountView(context.state, account)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/balances$/,
    auth: 'user',
    handle: (context) => ok(wire.balances(accountView(context.state, ownAccount(context)))),
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/positions\/all$/,
    auth: 'user',
    handle: (context) => ok(wire.positions(context.state, accountView(context.state, ownAccount(context)))),
  },
  { method: 'GET', pattern: /^\/accounts\/([^/]+)\/(positions|holdings)$/, auth: 'user', handle: () => LEGACY_GONE },
  {
    // Daily-cached like holdings (spec: "Daily data is cached and refreshed once a day"): as of the last sync.
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/orders$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      const cached = cachedView(context.state, account);
      const at = cached ? Date.parse(cached.asOf) : Date.now();
      const state = context.query.get('state') ?? 'all';
      if (!['all', 'open', 'executed'].includes(state))
        throw invalidData(`"${state}" is not a valid choice for state.`);
      const rows = ordersOf(account, context, at - daysOf(context.query) * DAY_MS, at).filter(
        ({ progress }) =>
          state === 'all' || (state === 'open' ? !isFinal(progress.status) : EXECUTED.includes(progress.status)),
      );
      return ok(records(rows));
    },
  },
  {
    // The latest page only (last 24 h, newest first, page size 100 at most brokerages), then only_executed.
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/recentOrders$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      if (context.state.recentOrdersMode === 'forbidden') throw featureNotEnabled();
      if (context.state.recentOrdersMode === 'not-implemented') throw ordersNotImplemented(brokerOf(context, account));
      const onlyExecuted = context.query.get('only_executed') !== 'false';
      const page = ordersOf(account, context, Date.now() - DAY_MS).slice(0, context.settings.recentOrdersPageSize);
      return ok({
        orders: records(page.filter(({ progress }) => !onlyExecuted || EXECUTED.includes(progress.status))),
      });
    },
  },
  {
    method: 'POST',
    pattern: /^\/accounts\/([^/]+)\/orders\/details$/,
    auth: 'user',
    handle: (context) => {
      const order = orderOf(context, ownAccount(context));
      return ok(wire.orderRecord(order, progressOf(order)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/quotes$/,
    auth: 'user',
    handle: (context) => {
      ownAccount(context);
      const symbols = (context.query.get('symbols') ?? '').split(',').filter(Boolean);
      if (symbols.length === 0 || symbols.length > 10) throw invalidData('Between 1 and 10 symbols are required.');
      return ok(symbols.map((symbol) => wire.quote(context.state, symbol)));
    },
  },
  {
    method: 'POST',
    pattern: /^\/trade\/place$/,
    auth: 'user',
    handle: ({ state, user, body, settings }) => {
      const order = placeOrder(state, user!.userId, body as PlaceOrderBody, settings.dedupeClientOrderId);
      return ok(wire.orderRecord(order, progressOf(order)));
    },
  },
  {
    method: 'POST',
    pattern: /^\/accounts\/([^/]+)\/trading\/cancel$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      const order = cancelOrder(context.state, account, orderOf(context, account).id);
      return ok({ brokerage_order_id: order.id, raw_response: {} });
    },
  },
];
