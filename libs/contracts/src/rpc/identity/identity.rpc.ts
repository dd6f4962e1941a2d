import type { UserView } from '../../http/identity/user.view';

export const IdentityRpc = {
  login: 'rpc.identity.sessions.create',
  logout: 'rpc.identity.sessions.revoke',
  resolveSession: 'rpc.identity.sessions.resolve',
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
