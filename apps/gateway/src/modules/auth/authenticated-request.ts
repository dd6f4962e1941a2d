import { requestIdOf, type RpcCallContext } from '@copytrade/nest';
import type { UserView } from '@copytrade/contracts';
import type { Request } from 'express';

/** A request after the session guard: `user` is the session's user, the only identity the gateway trusts. */
export interface GatewayRequest extends Request {
  id: string;
  user?: UserView;
}

/**
 * What every RPC call carries: the request's trace id for the logs (assigned here when no request logger did),
 * the acting user, the client address.
 */
export function rpcContextOf(request: GatewayRequest): RpcCallContext {
  return {
    requestId: requestIdOf(request),
    actor: request.user ? { userId: request.user.id, isAdmin: request.user.isAdmin } : undefined,
    clientAddress: request.ip,
  };
}
