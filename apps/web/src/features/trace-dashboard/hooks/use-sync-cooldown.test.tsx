import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACE_ID } from '../testing/owner-fixtures';
import { lastSyncStorageKey, SYNC_COOLDOWN_MS, useSyncCooldown } from './use-sync-cooldown';

describe('useSyncCooldown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T16:00:00.000Z'));
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('ends the cooldown 3 s after the sync stored before a reload', () => {
    window.localStorage.setItem(lastSyncStorageKey(TRACE_ID), String(Date.now() - 1_000));
    const { result } = renderHook(() => useSyncCooldown(TRACE_ID));
    expect(result.current.coolingDown).toBe(true);
    act(() => vi.advanceTimersByTime(SYNC_COOLDOWN_MS - 1_000));
    expect(result.current.coolingDown).toBe(false);
  });

  // Timers run on a monotonic clock and Date.now() on the wall clock: a timer may fire a millisecond before the
  // wall clock says the 3 s are over. The cooldown must then wait again, not stay on for ever.
  it('still ends when its timer fires a moment before the wall clock reaches the end', () => {
    window.localStorage.setItem(lastSyncStorageKey(TRACE_ID), String(Date.now()));
    const { result } = renderHook(() => useSyncCooldown(TRACE_ID));
    const realNow = Date.now.bind(Date);
    const lagging = vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 1);
    act(() => vi.advanceTimersByTime(SYNC_COOLDOWN_MS));
    expect(result.current.coolingDown).toBe(true); // the timer fired, the wall clock was 1 ms short
    lagging.mockRestore();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.coolingDown).toBe(false);
  });
});
