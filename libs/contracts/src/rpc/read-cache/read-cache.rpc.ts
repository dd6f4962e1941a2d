import type { SessionsInvalidated } from '../identity/identity.rpc';
import type { TracesChanged } from '../traces/traces.rpc';

/**
 * What a service says about a read it answers, in the reply's `cache` field: whether and how long the gateway may
 * answer it again from memory, to whom, and which changes make it stale. The owner of the data decides; the gateway
 * only caps the durations by its configuration and strips `cache` before sending the body. Docs: docs/read-cache.md.
 */
export interface ReadCacheMeta {
  /**
   * Who may be given this answer: `everyone` (any signed-in user asking the same), `user` (the asking user only),
   * or an access key the service computes (`access:<resource>:<key>`, e.g. `access:<traceId>:<tier>`): every user
   * whose key to the resource is the same gets the same answer. The gateway learns each user's key to a resource
   * from their own replies (of any read scoped by that resource).
   */
  scope: 'everyone' | 'user' | `access:${string}`;
  /** What the answer shows (ReadCacheTags): an invalidation of any of them drops it. */
  tags: string[];
  /** How long it is fresh (ms). 0: not kept. */
  freshForMs: number;
  /** Past its freshness, how long it is still given while it is refreshed in the background (ms; default 0). */
  staleForMs?: number;
}

/** A reply a gateway may cache: absent `cache`, it is never kept. */
export interface CacheableRpcReply {
  cache?: ReadCacheMeta;
}

/**
 * Invalidation tags: what an answer shows, named by the data's owner. A tag ending in `*` in an invalidation drops
 * every tag with that prefix (`trace:*`: every trace).
 */
export const ReadCacheTags = {
  /** Anything built from traces data that any change of a trace can alter (the list of traces, the live feeds). */
  traces: 'traces',
  /**
   * One trace: its page, its trades, viewers' access to it. In lower case: a trace id is a UUID, which the traces
   * service reads in any letter case, and a read by a URL in capitals must be dropped by a change naming it in lower
   * case (a subscription's body, the service's own id).
   */
  trace: (traceId: string) => `trace:${traceId.toLowerCase()}`,
  everyTrace: 'trace:*',
  /** One shared trade (the live feeds showing it: its copy counts). */
  trade: (tradeId: string) => `trade:${tradeId}`,
  /** One user's own data (their copies, fills, writes, identity's user changes). */
  user: (userId: string) => `user:${userId}`,
  /** One user's brokerage data (accounts); `everyBrokerage` for changes of the paper market. */
  brokerage: (userId: string) => `brokerage:${userId}`,
  everyBrokerage: 'brokerage:*',
} as const;

/** TracesChanged (traces service, core NATS) as invalidation tags. */
export function tracesChangedTags({ traceId }: TracesChanged): string[] {
  return [ReadCacheTags.traces, typeof traceId === 'string' ? ReadCacheTags.trace(traceId) : ReadCacheTags.everyTrace];
}

/** SessionsInvalidated (identity, core NATS) as invalidation tags: a user changed (their brokerage link among others). */
export function sessionsInvalidatedTags({ userId }: SessionsInvalidated): string[] {
  return typeof userId === 'string' ? [ReadCacheTags.user(userId)] : [];
}
