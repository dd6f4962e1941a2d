import { ReadCacheTags, type ListTradesRpcReply, type ReadCacheMeta, type TraceViewerView } from '@copytrade/contracts';

/** How long the gateway may answer a traces read again from memory: every change drops it sooner (TracesChanged). */
export const TRACES_READS_FRESH_MS = 5_000;

/** The list of traces reads no viewer: one answer for everyone, altered by any change of any trace. */
export const LIST_TRACES_CACHE: ReadCacheMeta = {
  scope: 'everyone',
  tags: [ReadCacheTags.traces],
  freshForMs: TRACES_READS_FRESH_MS,
};

/**
 * A trace's page and its trades depend on the viewer only through their access (TraceViewerView): users with the
 * same access to the trace get the same answer, and any change of the trace drops it.
 */
export function traceAccessCache(traceId: string, viewer: TraceViewerView): ReadCacheMeta {
  const access = `${viewer.isOwner ? 1 : 0}${viewer.isSubscribed ? 1 : 0}${viewer.hasAccess ? 1 : 0}-${viewer.tier ?? ''}`;
  return {
    scope: `access:${traceId}:${access}`,
    tags: [ReadCacheTags.trace(traceId)],
    freshForMs: TRACES_READS_FRESH_MS,
  };
}

/** Trades are kept only for an access that grants them, and never the owner's read with live prices. */
export function tradesCache(
  traceId: string,
  reply: ListTradesRpcReply,
  includeRealtimeData: boolean | undefined,
): ReadCacheMeta | undefined {
  if (includeRealtimeData || !reply.viewer.hasAccess) return undefined;
  return traceAccessCache(traceId, reply.viewer);
}
