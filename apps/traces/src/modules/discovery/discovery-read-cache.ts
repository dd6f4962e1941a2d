import { ReadCacheTags, type ListTradesRpcReply, type ReadCacheMeta, type TraceViewerView } from '@copytrade/contracts';

/**
 * How the gateway may keep the traces reads; `freshForMs` (TRACES_READ_CACHE_TTL_SECONDS) bounds them, every change
 * drops them sooner (TracesChanged).
 */

/** The list of traces reads no viewer: one answer for everyone, altered by any change of any trace. */
export const listTracesCache = (freshForMs: number): ReadCacheMeta => ({
  scope: 'everyone',
  tags: [ReadCacheTags.traces],
  freshForMs,
});

/**
 * A trace's page and its trades depend on the viewer only through their access (TraceViewerView): users with the
 * same access to the trace get the same answer, and any change of the trace drops it.
 */
export function traceAccessCache(traceId: string, viewer: TraceViewerView, freshForMs: number): ReadCacheMeta {
  const access = `${viewer.isOwner ? 1 : 0}${viewer.isSubscribed ? 1 : 0}${viewer.hasAccess ? 1 : 0}-${viewer.tier ?? ''}`;
  return {
    scope: `access:${traceId}:${access}`,
    tags: [ReadCacheTags.trace(traceId)],
    freshForMs,
  };
}

/** Trades are kept only for an access that grants them, and never the owner's read with live prices. */
export function tradesCache(
  traceId: string,
  reply: ListTradesRpcReply,
  includeRealtimeData: boolean | undefined,
  freshForMs: number,
): ReadCacheMeta | undefined {
  if (includeRealtimeData || !reply.viewer.hasAccess) return undefined;
  return traceAccessCache(traceId, reply.viewer, freshForMs);
}
