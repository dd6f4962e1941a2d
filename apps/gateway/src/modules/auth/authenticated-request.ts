import { requestIdOf, type RpcCallContext } from '@copytrade/nest';
import type { UserView } from '@copytrade/contracts';
import type { Request } from 'express';

/** A request after the session guard: `user` is the session's user, the only identity the gateway trusts. */
export interface GatewayRequest extends Request {
  id: string;
  user?: UserView;
  /** A digest of the session cookie (set with `user`): names the session in signed actors without revealing it. */
  sessionId?: string;
}

/**
 * What every RPC call carries: the request's trace id for the logs (assigned here when no request logger did),
 * the acting user, the client address.
 */
export function rpcContextOf(request: GatewayRequest): RpcCallContext {
  return {
    requestId: requestIdOf(request),
    actor: request.user
      ? { userId: request.user.id, isAdmin: request.user.isAdmin, sessionId: request.sessionId }
      : undefined,
    clientAddress: request.ip,
  };
}
