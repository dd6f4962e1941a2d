import { randomUUID } from 'node:crypto';
import { FakeHttpError, placeOrder, type PlaceOrderBody } from './fake-trading';
import type { FakeSnaptradeState, FakeUser } from './fake-state';
import * as wire from './fake-wire';

export type Auth = 'none' | 'client' | 'client+userId' | 'user';

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  user: FakeUser | undefined;
  state: FakeSnaptradeState;
  baseUrl: string;
  settings: { echoClientOrderId: boolean; dedupeClientOrderId: boolean; refreshCooldownMs: number };
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  pattern: RegExp;
  auth: Auth;
  handle(context: RouteContext): RouteResult;
}

const ok = (body: unknown): RouteResult => ({ status: 200, body });
const notFound = () => new FakeHttpError(404, '1011', 'The requested resource does not exist.');

function ownAccount({ state, user, params }: RouteContext) {
  const account = state.accounts.get(params[0]!);
  if (!account || account.userId !== user!.userId) throw notFound();
  return account;
}

function ownConnection({ state, user, params }: RouteContext) {
  const connection = state.connections.get(params[0]!);
  if (!connection || connection.userId !== user!.userId) throw notFound();
  return connection;
}

const LEGACY_GONE = { status: 410, body: { detail: 'This endpoint is no longer available for your account.' } };

/** The endpoints the product uses, at the provider's root paths. */
export const ROUTES: Route[] = [
  {
    method: 'GET',
    pattern: /^\/$/,
    auth: 'none',
    handle: () => ok({ version: 151, timestamp: new Date().toISOString(), online: true }),
  },
  {
    method: 'POST',
    pattern: /^\/snapTrade\/registerUser$/,
    auth: 'client',
    handle: ({ state, body }) => {
      const userId = String(body.userId ?? '');
      if (!userId) throw new FakeHttpError(400, '1012', 'userId is required');
      if (state.users.has(userId))
        throw new FakeHttpError(400, '1010', `User with the following userId already exist: '${userId}'`);
      return ok(state.registerUser(userId));
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/snapTrade\/deleteUser$/,
    auth: 'client+userId',
    handle: ({ state, query }) => {
      const userId = query.get('userId')!;
      if (!state.users.has(userId)) throw notFound();
      state.deleteUser(userId);
      return ok({
        status: 'deleted',
        detail: 'User queued for deletion; please wait for webhook for confirmation.',
        userId,
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/snapTrade\/listUsers$/,
    auth: 'client',
    handle: ({ state }) => ok([...state.users.keys()]),
  },
  {
    method: 'POST',
    pattern: /^\/snapTrade\/login$/,
    auth: 'user',
    handle: ({ state, user, body, baseUrl }) => {
      const broker = String(body.broker ?? 'WEBULL');
      const connectionType = (body.connectionType ?? 'read') as string;
      if (
        !['WEBULL', 'ALPACA', 'SANDBOX'].includes(broker) ||
        !['read', 'trade', 'trade-if-available'].includes(connectionType)
      )
        throw new FakeHttpError(400, '1012', 'Invalid input');
      const session = {
        id: randomUUID(),
        userId: user!.userId,
        broker,
        customRedirect: (body.customRedirect as string) ?? null,
        connectionType: connectionType === 'read' ? ('read' as const) : ('trade' as const),
        reconnect: (body.reconnect as string) ?? null,
        expiresAt: Date.now() + 5 * 60_000,
      };
      state.sessions.set(session.id, session);
      return ok({ redirectURI: `${baseUrl}/__fake/portal?session=${session.id}`, sessionId: session.id });
    },
  },
  {
    method: 'GET',
    pattern: /^\/__fake\/portal$/,
    auth: 'none',
    handle: ({ state, query }) => {
      const session = state.sessions.get(query.get('session') ?? '');
      if (!session || session.expiresAt < Date.now())
        return { status: 400, body: { detail: 'Session expired', status_code: 400, code: '1006' } };
      const outcome = query.get('outcome') ?? 'SUCCESS';
      const location = new URL(session.customRedirect ?? 'http://127.0.0.1/done');
      if (outcome === 'SUCCESS') location.searchParams.set('connection_id', state.connect(session).id);
      location.searchParams.set('status', outcome);
      state.sessions.delete(session.id);
      return { status: 302, headers: { location: location.toString() } };
    },
  },
  {
    method: 'GET',
    pattern: /^\/authorizations$/,
    auth: 'user',
    handle: ({ state, user }) =>
      ok([...state.connections.values()].filter((c) => c.userId === user!.userId).map(wire.authorization)),
  },
  {
    method: 'GET',
    pattern: /^\/authorizations\/([^/]+)$/,
    auth: 'user',
    handle: (context) => ok(wire.authorization(ownConnection(context))),
  },
  {
    method: 'DELETE',
    pattern: /^\/authorizations\/([^/]+)$/,
    auth: 'user',
    handle: (context) => {
      context.state.removeConnection(ownConnection(context).id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    pattern: /^\/authorizations\/([^/]+)\/refresh$/,
    auth: 'user',
    handle: (context) => {
      const connection = ownConnection(context);
      if (connection.disabled)
        throw new FakeHttpError(
          402,
          '3003',
          'Unable to sync with brokerage account because the connection is disabled.',
        );
      if (connection.lastRefreshAt && Date.now() - connection.lastRefreshAt < context.settings.refreshCooldownMs)
        throw new FakeHttpError(
          429,
          'throttled',
          'Connection refreshed too recently. Expected available in 60 seconds.',
        );
      connection.lastRefreshAt = Date.now();
      connection.refreshCount += 1;
      return ok({ detail: `Connection ${connection.id} scheduled for refresh` });
    },
  },
  {
    method: 'GET',
    pattern: /^\/accounts$/,
    auth: 'user',
    handle: ({ state, user }) => ok(state.accountsOf(user!.userId).map((row) => wire.account(state, row))),
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)$/,
    auth: 'user',
    handle: (context) => ok(wire.account(context.state, ownAccount(context))),
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/balances$/,
    auth: 'user',
    handle: (context) => ok(wire.balances(ownAccount(context))),
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/positions\/all$/,
    auth: 'user',
    handle: (context) =>
      ok({
        results: (context.state.positions.get(ownAccount(context).id) ?? []).map((row) =>
          wire.position(context.state, row),
        ),
        data_freshness: { as_of: new Date().toISOString() },
      }),
  },
  { method: 'GET', pattern: /^\/accounts\/([^/]+)\/(positions|holdings)$/, auth: 'user', handle: () => LEGACY_GONE },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/orders$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      const days = Math.min(Math.max(Number(context.query.get('days') ?? 30), 1), 90);
      const since = Date.now() - days * 86_400_000;
      const orders = context.state.orders
        .filter((order) => order.accountId === account.id && Date.parse(order.placedAt) >= since)
        .reverse();
      return ok(orders.map((order) => wire.orderRecord(order, context.settings.echoClientOrderId)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/recentOrders$/,
    auth: 'user',
    handle: (context) => {
      const account = ownAccount(context);
      const onlyExecuted = context.query.get('only_executed') !== 'false';
      const orders = context.state.orders.filter(
        (order) =>
          order.accountId === account.id &&
          Date.parse(order.placedAt) >= Date.now() - 86_400_000 &&
          (!onlyExecuted || order.status === 'EXECUTED'),
      );
      return ok({
        orders: orders.reverse().map((order) => wire.orderRecord(order, context.settings.echoClientOrderId)),
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/accounts\/([^/]+)\/quotes$/,
    auth: 'user',
    handle: (context) => {
      ownAccount(context);
      const symbols = (context.query.get('symbols') ?? '').split(',').filter(Boolean);
      if (symbols.length === 0 || symbols.length > 10)
        throw new FakeHttpError(400, '1012', 'Between 1 and 10 symbols are required');
      return ok(symbols.map((symbol) => wire.quote(context.state, symbol)));
    },
  },
  {
    method: 'POST',
    pattern: /^\/trade\/place$/,
    auth: 'user',
    handle: ({ state, user, body, settings }) =>
      ok(
        wire.orderRecord(
          placeOrder(state, user!.userId, body as PlaceOrderBody, settings.dedupeClientOrderId),
          settings.echoClientOrderId,
        ),
      ),
  },
];
