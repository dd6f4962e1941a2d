import { useCallback, useEffect, useState } from 'react';

/** After a 429, a countdown (retryAfter seconds) with the server's message (see docs/product.md#trade-manager). */
export function useRateLimit() {
  const [state, setState] = useState<{ until: number; message: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!state) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= state.until) setState(null);
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [state]);

  const start = useCallback((retryAfterSeconds: number, message: string) => {
    const current = Date.now();
    setNow(current);
    setState({ until: current + retryAfterSeconds * 1_000, message });
  }, []);

  const secondsLeft = state ? Math.max(0, Math.ceil((state.until - now) / 1_000)) : 0;
  return { limited: state !== null && secondsLeft > 0, secondsLeft, message: state?.message ?? '', start };
}

/** `2:05`, `0:09`. */
export const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
