import { useCallback, useEffect, useState } from 'react';

/**
 * After a sync a 3 s wait, kept per trace in local storage so it survives a reload (see docs/product.md#trade-manager).
 */
export const SYNC_COOLDOWN_MS = 3_000;
export const lastSyncStorageKey = (traceId: string) => `trace-dashboard:last-sync:${traceId}`;

export function readLastSync(traceId: string): number | null {
  try {
    const raw = window.localStorage.getItem(lastSyncStorageKey(traceId));
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function writeLastSync(traceId: string, at: number): void {
  try {
    window.localStorage.setItem(lastSyncStorageKey(traceId), String(at));
  } catch {
    // Storage full or blocked: the cooldown then lasts only for this page.
  }
}

/** The last sync's time for this trace and whether its 3 s cooldown is still running. */
export function useSyncCooldown(traceId: string) {
  const [lastSync, setLastSync] = useState<number | null>(() => readLastSync(traceId));
  const [now, setNow] = useState(() => Date.now());
  const coolingDown = lastSync !== null && now - lastSync < SYNC_COOLDOWN_MS;

  // Re-armed on every tick of `now`: a timer may fire a moment before Date.now() reaches the end (timers run on a
  // monotonic clock), and the cooldown must then wait the rest instead of staying on.
  useEffect(() => {
    if (!coolingDown || lastSync === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, lastSync + SYNC_COOLDOWN_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [coolingDown, lastSync, now]);

  const markSynced = useCallback(() => {
    const at = Date.now();
    writeLastSync(traceId, at);
    setLastSync(at);
    setNow(at);
  }, [traceId]);

  /** Checked at the moment of a click (the rendered flag may be a tick old). */
  const isCoolingDown = useCallback(() => {
    const last = readLastSync(traceId);
    return last !== null && Date.now() - last < SYNC_COOLDOWN_MS;
  }, [traceId]);

  return { lastSync, coolingDown, markSynced, isCoolingDown };
}
