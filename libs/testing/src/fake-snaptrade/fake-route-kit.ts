import { notFound } from './fake-errors';
import type { FakeSnaptradeState, FakeUser } from './fake-state';

export type Auth = 'none' | 'client' | 'client+userId' | 'user';

export interface RouteSettings {
  dedupeClientOrderId: boolean;
  refreshCooldownMs: number;
  recentOrdersPageSize: number;
}

export interface RouteContext {
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  user: FakeUser | undefined;
  state: FakeSnaptradeState;
  baseUrl: string;
  settings: RouteSettings;
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

export const ok = (body: unknown): RouteResult => ({ status: 200, body });

/** The path's account, if it is the user's (404 1011 otherwise, as for an unknown one). */
export function ownAccount({ state, user, params }: RouteContext) {
  const account = state.accounts.get(params[0]!);
  if (!account || account.userId !== user!.userId) throw notFound();
  return account;
}

export function ownConnection({ state, user, params }: RouteContext) {
  const connection = state.connections.get(params[0]!);
  if (!connection || connection.userId !== user!.userId) throw notFound();
  return connection;
}
