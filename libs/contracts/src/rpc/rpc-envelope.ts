/**
 * Every request between services carries who is acting and the request id of the HTTP call that caused it.
 * The actor is set by the gateway from the session, never taken from what a client claims.
 */
export interface RpcActor {
  userId: string;
  isAdmin: boolean;
}

export interface RpcRequest<TPayload> {
  requestId: string;
  actor?: RpcActor;
  clientAddress?: string;
  payload: TPayload;
}

/** Default time a caller waits for a reply before answering 503. */
export const RPC_TIMEOUT_MS = 5_000;
