import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLiveEvent, LIVE_STREAM_OPENED, type LiveEventHandler, type LiveEventMessage } from './live-event';

export const LIVE_EVENTS_URL = '/api/events';
/** Backoff after a refused or failed stream (the browser retries a dropped one itself, resuming by id). */
export const LIVE_EVENTS_BACKOFF_MS = { initial: 1_000, max: 30_000 } as const;

/**
 * The live push (`GET /api/events`, Server-Sent Events) for the signed-in user, mounted once in the app shell.
 * Each event refreshes the query caches it concerns at once; the screens' polling stays as the fallback. A
 * dropped stream is resumed by the browser with Last-Event-ID; a refused one (401, 429, an outage) is opened
 * again after a growing delay, resuming from the last id received (`?lastEventId=`). `handlers` say how each
 * feature's caches follow an event (a constant list: a new one opens a new stream).
 */
export function useLiveEvents(userId: string | null | undefined, handlers: readonly LiveEventHandler[]): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId = '';
    let delay: number = LIVE_EVENTS_BACKOFF_MS.initial;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const url = lastEventId ? `${LIVE_EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_URL;
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        delay = LIVE_EVENTS_BACKOFF_MS.initial;
        void applyLiveEvent(queryClient, { type: LIVE_STREAM_OPENED }, userId, handlers);
      };
      current.onmessage = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        let message: LiveEventMessage;
        try {
          message = JSON.parse(event.data) as LiveEventMessage;
        } catch {
          return;
        }
        void applyLiveEvent(queryClient, message, userId, handlers);
      };
      current.onerror = () => {
        // CONNECTING: the browser is already resuming a dropped stream. CLOSED: it gave up (a refusal).
        if (current.readyState !== EventSource.CLOSED || stopped) return;
        current.close();
        retryTimer = setTimeout(open, delay);
        delay = Math.min(delay * 2, LIVE_EVENTS_BACKOFF_MS.max);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, userId, handlers]);
}
