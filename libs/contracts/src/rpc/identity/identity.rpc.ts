import type { UserView } from '../../http/identity/user.view';

export const IdentityRpc = {
  login: 'rpc.identity.sessions.create',
  logout: 'rpc.identity.sessions.revoke',
  resolveSession: 'rpc.identity.sessions.resolve',
  /** Read-your-writes: applies an event to identity's projections now (see ProjectionSync in libs/nest). */
  applyProjections: 'rpc.identity.projections.apply',
} as const;

export interface LoginRpcRequest {
  username: string;
  password: string;
}
export interface LoginRpcReply {
  sessionToken: string;
  expiresAt: string;
  user: UserView;
}

export interface SessionTokenRpcRequest {
  sessionToken: string;
}
export interface ResolveSessionRpcReply {
  user: UserView | null;
}

/**
 * Core NATS (not JetStream): identity publishes it, and flushes, BEFORE answering a request that revoked a
 * session or changed what a session shows (logout, password reset, role change, the user's own data); every
 * gateway drops the matching cached sessions. `tokenHash` is the SHA-256 (hex) of the session token.
 */
export const SessionsInvalidatedSubject = 'broadcast.identity.sessions.invalidated';
export interface SessionsInvalidated {
  tokenHash?: string;
  userId?: string;
}
