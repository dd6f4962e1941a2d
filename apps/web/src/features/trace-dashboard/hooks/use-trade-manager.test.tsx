import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/react-query';
import { getOwnerTrades, refreshBrokerage } from '../api/owner-trades';
import { TRACE_ID } from '../testing/owner-fixtures';
import { lastSyncStorageKey } from './use-sync-cooldown';
import { INITIAL_FETCH_DELAY_MS, useTradeManager } from './use-trade-manager';

/**
 * Auto-sync as the Trade Manager runs it (docs/product.md#trade-manager): with the owner's brokerage connected, a check
 * on load and every 5 minutes that syncs only when the trace's last sync — kept in local storage — is 15 minutes old in
 * market hours or 60 outside them; the trade list's first fetch about 1 s after load. An automatic sync reads the
 * trades again (the server syncs them from the brokerage's data for free); it never buys the paid real-time refresh.
 */

vi.mock('../api/owner-trades', () => ({
  getOwnerTrades: vi.fn(),
  refreshBrokerage: vi.fn(),
  cleanupTrades: vi.fn(),
  shareTrade: vi.fn(),
}));

const MINUTE = 60_000;
// 2026-03-04 is a Wednesday; New York is on EST (UTC−5) until 2026-03-08.
const WEDNESDAY_11AM_ET = new Date('2026-03-04T16:00:00.000Z');
const WEDNESDAY_6PM_ET = new Date('2026-03-04T23:00:00.000Z');

const refresh = vi.mocked(refreshBrokerage);
const list = vi.mocked(getOwnerTrades);

function renderManager(brokerageConnected: boolean) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(({ connected }) => useTradeManager({ traceId: TRACE_ID, brokerageConnected: connected }), {
    wrapper,
    initialProps: { connected: brokerageConnected },
  });
}

/** Lets the fake clock run `ms` and the promises it releases settle. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const lastSync = () => Number(window.localStorage.getItem(lastSyncStorageKey(TRACE_ID)));
const keepLastSync = (at: number) => window.localStorage.setItem(lastSyncStorageKey(TRACE_ID), String(at));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  refresh.mockResolvedValue({ success: true, message: 'Synced', cost: 0 });
  list.mockResolvedValue({ success: true, trades: [], totalCount: 0, sharedCount: 0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('auto-sync', () => {
  it('syncs-on-load-when-connected-and-never-synced-through-the-first-fetch-after-a-second', async () => {
    vi.setSystemTime(WEDNESDAY_11AM_ET);
    const success = vi.spyOn(toast, 'success');
    const { result } = renderManager(true);
    await pass(0);
    // The sync is due: kept for the cooldown, no toast; the trades are not read before the first fetch.
    expect(lastSync()).toBe(WEDNESDAY_11AM_ET.getTime());
    expect(success).not.toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled();

    await pass(INITIAL_FETCH_DELAY_MS - 100);
    expect(list).not.toHaveBeenCalled();
    await pass(100);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith(TRACE_ID);
    // The 3 s cooldown has ended: the button is back. Nothing was paid for.
    await pass(3_000);
    expect(result.current.syncDisabled).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('never-syncs-by-itself-without-a-connected-brokerage-then-does-once-connected', async () => {
    vi.setSystemTime(WEDNESDAY_11AM_ET);
    const { rerender } = renderManager(false);
    await pass(2 * 60 * MINUTE);
    expect(list).toHaveBeenCalledTimes(1); // the first fetch only
    expect(window.localStorage.getItem(lastSyncStorageKey(TRACE_ID))).toBeNull();
    rerender({ connected: true });
    await pass(0);
    expect(list).toHaveBeenCalledTimes(2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('in-market-hours-checks-every-5-minutes-and-syncs-once-the-last-sync-is-15-minutes-old', async () => {
    vi.setSystemTime(WEDNESDAY_11AM_ET);
    keepLastSync(WEDNESDAY_11AM_ET.getTime() - 12 * MINUTE);
    renderManager(true);
    await pass(INITIAL_FETCH_DELAY_MS);
    expect(list).toHaveBeenCalledTimes(1); // the first fetch; the sync is 12 minutes old on load
    await pass(5 * MINUTE - 2_000);
    expect(list).toHaveBeenCalledTimes(1); // 15 minutes old after 3, but no check between the 5-minute marks
    await pass(1_000);
    expect(list).toHaveBeenCalledTimes(2); // 17 minutes old at the 5-minute check
    expect(lastSync()).toBe(WEDNESDAY_11AM_ET.getTime() + 5 * MINUTE);
    await pass(10 * MINUTE);
    expect(list).toHaveBeenCalledTimes(2); // 5 and 10 minutes since that sync
    await pass(5 * MINUTE);
    expect(list).toHaveBeenCalledTimes(3); // 15 minutes since
    expect(refresh).not.toHaveBeenCalled();
  });

  it('outside-market-hours-waits-until-the-last-sync-is-60-minutes-old', async () => {
    vi.setSystemTime(WEDNESDAY_6PM_ET);
    keepLastSync(WEDNESDAY_6PM_ET.getTime() - 20 * MINUTE);
    renderManager(true);
    await pass(INITIAL_FETCH_DELAY_MS);
    expect(list).toHaveBeenCalledTimes(1);
    await pass(35 * MINUTE - INITIAL_FETCH_DELAY_MS); // 55 minutes old at the last check
    expect(list).toHaveBeenCalledTimes(1);
    await pass(5 * MINUTE); // 60 minutes old
    expect(list).toHaveBeenCalledTimes(2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a-sync-refused-with-429-starts-the-countdown-and-a-background-failure-raises-no-toast', async () => {
    vi.setSystemTime(WEDNESDAY_11AM_ET);
    list.mockRejectedValueOnce(
      new ApiError(429, {
        code: 'REFRESH_RATE_LIMITED',
        message: 'Try again in 120 seconds.',
        details: { retryAfterSeconds: 120 },
      }),
    );
    const failure = vi.spyOn(toast, 'error');
    const { result } = renderManager(true);
    await pass(INITIAL_FETCH_DELAY_MS);
    await pass(0);
    expect(list).toHaveBeenCalledTimes(1);
    expect(result.current.trades.error).toBeInstanceOf(ApiError);
    expect(result.current.rateLimit.limited).toBe(true);
    expect(result.current.rateLimit.secondsLeft).toBe(120);
    expect(result.current.rateLimit.message).toBe('Try again in 120 seconds.');
    expect(result.current.syncDisabled).toBe(true);
    expect(result.current.cleanupDisabled).toBe(true);
    await pass(120_000);
    expect(result.current.rateLimit.limited).toBe(false);
    expect(result.current.cleanupDisabled).toBe(false);

    // Off hours an hour later, the next check syncs again; a 500 there shows in the list, never as a toast.
    list.mockRejectedValueOnce(new ApiError(500, { code: 'INTERNAL', message: 'Boom' }));
    vi.setSystemTime(WEDNESDAY_6PM_ET);
    await pass(5 * MINUTE);
    expect(list).toHaveBeenCalledTimes(2);
    expect(result.current.trades.isError).toBe(true);
    expect(failure).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
