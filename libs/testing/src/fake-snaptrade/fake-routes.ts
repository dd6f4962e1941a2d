import { randomUUID } from 'node:crypto';
import { refreshConnection } from './fake-account-data';
import { FakeHttpError, invalidData, notFound } from './fake-errors';
import { ACCOUNT_ROUTES } from './fake-account-routes';
import { ok, ownConnection, type Route } from './fake-route-kit';
import * as wire from './fake-wire';

/** The endpoints the product uses, at the provider's root paths: users, the portal, connections; then accounts. */
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
      if (!userId) throw invalidData('userId is required.');
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
      if (body.customRedirect !== undefined && !URL.canParse(String(body.customRedirect)))
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
      ok(
        [...state.connections.values()]
          .filter((c) => c.userId === user!.userId)
          .map((connection) => wire.authorization(state, connection)),
      ),
  },
  {
    method: 'GET',
    pattern: /^\/authorizations\/([^/]+)$/,
    auth: 'user',
    handle: (context) => ok(wire.authorization(context.state, ownConnection(context))),
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
    handle: (context) =>
      ok({ detail: refreshConnection(context.state, ownConnection(context), context.settings.refreshCooldownMs) }),
  },
  ...ACCOUNT_ROUTES,
];
