/**
 * Every request between services carries who is acting and the request id of the HTTP call that caused it.
 * The actor is set by the gateway from the session and travels signed (`actorToken`); a service reads `actor` only as
 * its verification of that token wrote it (docs/security.md).
 */
export interface RpcActor {
  userId: string;
  isAdmin: boolean;
  /** A digest of the session the gateway resolved (never the session token itself). */
  sessionId?: string;
  /** The gateway's signed token this actor was verified from: forwarded unchanged on calls made on its behalf. */
  token?: string;
}

export interface RpcRequest<TPayload> {
  requestId: string;
  /** Set by the receiving service from `actorToken` once its signature verifies; never sent on the wire. */
  actor?: RpcActor;
  /** The gateway's signature over the actor (see ActorSigner in libs/nest). Absent: a service's own call. */
  actorToken?: string;
  clientAddress?: string;
  payload: TPayload;
}

/**
 * What one subject takes and answers. A service's map of its subjects to these (e.g. BrokerageUserRpcCalls) ties each
 * subject to its request and reply types, so a caller's helper can take the subject and check the payload against it.
 */
export interface RpcCallTypes<TRequest, TReply> {
  request: TRequest;
  reply: TReply;
}

/** Default time a caller waits for a reply before answering 503. */
export const RPC_TIMEOUT_MS = 5_000;
