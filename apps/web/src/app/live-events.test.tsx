import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyGuardsKeys } from '@/features/copy-guards/api/query-keys';
import { traceDashboardKeys } from '@/features/trace-dashboard/api/query-keys';
import { copyTradingKeys } from '@/lib/copy-trading/query-keys';
import { LIVE_EVENTS_BACKOFF_MS, useLiveEvents } from '@/lib/live-events/use-live-events';
import { notificationKeys } from '@/lib/notifications/notifications-api';
import { createQueryClient } from '@/lib/react-query';
import { tracesKeys } from '@/lib/traces/query-keys';
import { LIVE_EVENT_HANDLERS } from './live-events';

/** A stand-in for the browser's EventSource: the test opens, feeds and fails it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  emit(id: string, message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message), lastEventId: id }));
  }

  /** `closed`: the browser gave up (a refused stream); otherwise it is reconnecting by itself. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  static latest(): FakeEventSource {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1]!;
  }
}

const USER = 'user-1';
const TRACE = 'trace-1';
let queryClient: QueryClient;

/** Seeds a cached query under `key` and reports whether it is stale (invalidated) afterwards. */
function seed(key: readonly unknown[]) {
  queryClient.setQueryData(key, { seeded: true });
  return () => queryClient.getQueryState(key)?.isInvalidated ?? false;
}

function mount(userId: string | null = USER) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ id }) => useLiveEvents(id, LIVE_EVENT_HANDLERS), { wrapper, initialProps: { id: userId } });
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = createQueryClient({ queries: { retry: false } });
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('useLiveEvents with the app’s handlers', () => {
  it('opens one stream to /api/events for the signed-in user; none signed out; closes it on unmount', () => {
    const signedOut = mount(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    signedOut.unmount();
    const view = mount();
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/events']);
    view.unmount();
    expect(FakeEventSource.latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a shared trade refreshes that trace’s trades, the owner’s Trade Manager of it and the live positions — not other traces', async () => {
    mount();
    const traceTrades = seed(tracesKeys.trades(TRACE, { userId: USER, limit: '20' }));
    const otherTrace = seed(tracesKeys.trades('trace-2', { userId: USER, limit: '20' }));
    const tradeManager = seed(traceDashboardKeys.trades(TRACE));
    const livePositions = seed([...copyTradingKeys.livePositions, USER]);
    const myCopies = seed([...copyTradingKeys.myCopies, USER]);
    await act(async () => {
      FakeEventSource.latest().open();
      FakeEventSource.latest().emit('41', { type: 'trade.shared', data: { tradeId: 'trade-1', traceId: TRACE } });
    });
    expect(traceTrades()).toBe(true);
    expect(tradeManager()).toBe(true);
    expect(livePositions()).toBe(true);
    expect(otherTrace()).toBe(false);
    expect(myCopies()).toBe(false);
  });

  it('a copy opened or closed refreshes copy-trades, my-copies and live-positions (any parameters after them)', async () => {
    mount();
    for (const type of ['copy.opened', 'copy.closed']) {
      const caches = [
        seed([...copyTradingKeys.copyTrades, 'list']),
        seed([...copyTradingKeys.myCopies, USER, { tab: 'open' }]),
        seed(copyTradingKeys.livePositions),
      ];
      const traceTrades = seed(tracesKeys.trades(TRACE, {}));
      await act(async () => FakeEventSource.latest().emit('50', { type, data: { copyId: 'c', traceId: TRACE } }));
      expect(caches.map((isStale) => isStale())).toEqual([true, true, true]);
      expect(traceTrades()).toBe(false);
      queryClient.clear();
    }
  });

  it('a failed copy refreshes My Copy Trades, the copy lists and the bell (not the guards)', async () => {
    mount();
    const caches = [
      seed([...copyTradingKeys.myCopies, USER, { tab: 'closed' }]),
      seed([...copyTradingKeys.copyTrades, 'list']),
      seed(copyTradingKeys.livePositions),
      seed(notificationKeys.unreadCount(USER)),
    ];
    const guards = seed(copyGuardsKeys.follower());
    await act(async () =>
      FakeEventSource.latest().emit('70', { type: 'copy.failed', data: { copyId: 'c', traceId: TRACE } }),
    );
    expect(caches.map((isStale) => isStale())).toEqual([true, true, true, true]);
    expect(guards()).toBe(false);
  });

  it('a new notification refreshes the bell’s count and lists only; so does every (re)opened stream', async () => {
    mount();
    const count = seed(notificationKeys.unreadCount(USER));
    const latest = seed(notificationKeys.latest(USER));
    const pages = seed(notificationKeys.pages(USER));
    const copies = seed([...copyTradingKeys.myCopies, USER]);
    await act(async () =>
      FakeEventSource.latest().onmessage?.(
        new MessageEvent('message', {
          data: JSON.stringify({ type: 'notification.created', data: {} }),
        }),
      ),
    );
    expect([count(), latest(), pages()]).toEqual([true, true, true]);
    expect(copies()).toBe(false);
    queryClient.clear();
    const again = seed(notificationKeys.unreadCount(USER));
    const otherUser = seed(notificationKeys.unreadCount('user-2'));
    await act(async () => FakeEventSource.latest().open());
    expect(again()).toBe(true);
    expect(otherUser()).toBe(false);
    queryClient.clear();
    // A trade shared alone does not touch the bell: identity says when it created a notification.
    const untouched = seed(notificationKeys.unreadCount(USER));
    await act(async () => FakeEventSource.latest().emit('71', { type: 'trade.shared', data: { traceId: TRACE } }));
    expect(untouched()).toBe(false);
  });

  it('a guard that fired or a pause refreshes the copies and the copy guards at once', async () => {
    mount();
    for (const type of ['copy-guard.triggered', 'auto-copy.paused']) {
      const caches = [
        seed([...copyTradingKeys.myCopies, USER, { tab: 'closed' }]),
        seed([...copyTradingKeys.copyTrades, 'list']),
        seed(copyGuardsKeys.follower()),
        seed(copyGuardsKeys.trace(TRACE)),
      ];
      const traceTrades = seed(tracesKeys.trades(TRACE, {}));
      await act(async () =>
        FakeEventSource.latest().emit('60', {
          type,
          data: { traceId: TRACE, guard: 'stop_loss', reason: 'stop_loss' },
        }),
      );
      expect(caches.map((isStale) => isStale())).toEqual([true, true, true, true]);
      expect(traceTrades()).toBe(false);
      queryClient.clear();
    }
  });

  it('an order fill refreshes the user’s accounts, copies and every Trade Manager list', async () => {
    mount();
    const accounts = seed(['brokerage', 'accounts', USER]);
    const tradeManager = seed(traceDashboardKeys.trades('any-trace'));
    const ownerProfile = seed(traceDashboardKeys.trace('any-trace'));
    const copies = seed(copyTradingKeys.myCopies);
    await act(async () => FakeEventSource.latest().emit('7', { type: 'order.filled', data: { symbol: 'AAPL' } }));
    expect([accounts(), tradeManager(), copies()]).toEqual([true, true, true]);
    expect(ownerProfile()).toBe(false);
  });

  it('resync refreshes everything; a malformed or unknown event changes nothing', async () => {
    mount();
    const anything = seed(['settings', 'notification-preferences', USER]);
    await act(async () => {
      FakeEventSource.latest().onmessage?.(new MessageEvent('message', { data: 'not json', lastEventId: '1' }));
      FakeEventSource.latest().emit('2', { type: 'something.new', data: {} });
    });
    expect(anything()).toBe(false);
    await act(async () => FakeEventSource.latest().emit('3', { type: 'resync', data: { reason: 'too-old' } }));
    expect(anything()).toBe(true);
  });

  it('leaves a dropped stream to the browser (it resumes by Last-Event-ID itself)', () => {
    vi.useFakeTimers();
    mount();
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail(false);
    vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.max * 2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reopens a refused stream with a growing delay, resuming from the last id received; an open resets it', async () => {
    vi.useFakeTimers();
    mount();
    const first = FakeEventSource.latest();
    await act(async () => {
      first.open();
      first.emit('120', { type: 'order.filled', data: {} });
    });
    first.fail(true);
    vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.initial - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.latest().url).toBe('/api/events?lastEventId=120');
    // Refused again: twice the delay.
    FakeEventSource.latest().fail(true);
    vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.initial * 2 - 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
    // Once a stream opens, the next refusal starts from the first delay again.
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail(true);
    vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.initial);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('never waits longer than the maximum delay, and stops retrying once unmounted', () => {
    vi.useFakeTimers();
    const view = mount();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      FakeEventSource.latest().fail(true);
      vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.max);
    }
    expect(FakeEventSource.instances).toHaveLength(11);
    FakeEventSource.latest().fail(true);
    view.unmount();
    vi.advanceTimersByTime(LIVE_EVENTS_BACKOFF_MS.max * 2);
    expect(FakeEventSource.instances).toHaveLength(11);
  });
});
