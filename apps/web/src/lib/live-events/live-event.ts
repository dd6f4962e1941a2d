import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What `/api/events` sends in each event's `data:` line. */
export interface LiveEventMessage {
  type:
    | 'trade.shared'
    | 'trade.closed'
    | 'order.filled'
    | 'copy.opened'
    | 'copy.closed'
    | 'copy.skipped'
    | 'copy.failed'
    | 'copy-guard.triggered'
    | 'auto-copy.paused'
    | 'notification.created'
    | 'resync'
    | typeof LIVE_STREAM_OPENED
    | string;
  data?: Record<string, unknown>;
}

/**
 * Not sent by the server: the stream opened or reopened. Handlers whose data the server only hints at (hints are not
 * replayed) read it again.
 */
export const LIVE_STREAM_OPENED = 'stream.opened';

/** What a handler gets with each event: the caches and who is signed in. */
export interface LiveEventContext {
  queryClient: QueryClient;
  userId: string;
  /** The event's `data.traceId` when it names one. */
  traceId: string | null;
  /** Marks the queries under `queryKey` stale (active ones refetch at once). */
  invalidate: (queryKey: QueryKey) => Promise<void>;
}

/**
 * How one feature's caches follow the live push: it refreshes what `message` touches and returns the promises of
 * those refreshes (none when the event is not its concern). Features write these; the app hands them to the
 * provider, so this folder never knows the features.
 */
export type LiveEventHandler = (message: LiveEventMessage, context: LiveEventContext) => Promise<unknown>[];

/** Whether a query's key starts with `prefix` (TanStack's own partial matching, for predicates). */
export const keyStartsWith = (key: QueryKey, prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

/**
 * Refreshes the caches an event touches, at once (the screens' 30 s polling stays as the fallback). Only queries
 * that exist are refetched, and only active ones right away: invalidating a key no screen has is free.
 */
export async function applyLiveEvent(
  queryClient: QueryClient,
  message: LiveEventMessage,
  userId: string,
  handlers: readonly LiveEventHandler[],
) {
  if (message.type === 'resync') {
    // Events were missed beyond what the server keeps: everything on screen is read again.
    await queryClient.invalidateQueries();
    return;
  }
  const traceId = typeof message.data?.traceId === 'string' ? message.data.traceId : null;
  const invalidate = (queryKey: QueryKey) => queryClient.invalidateQueries({ queryKey });
  const context: LiveEventContext = { queryClient, userId, traceId, invalidate };
  await Promise.all(handlers.flatMap((handler) => handler(message, context)));
}
