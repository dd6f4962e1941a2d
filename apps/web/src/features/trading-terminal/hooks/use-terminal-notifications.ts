import type { LivePositionView } from '@copytrade/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { capitalize } from '@/lib/format/text';

const STORAGE_KEY = 'trading-terminal.notifications';

function readSetting(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * The terminal's notifications switch (on by default, kept in this browser): while on, a position that joins the
 * feed after it first loaded (shared by a followed trader, from the live push or the 30 s refresh) shows a toast.
 */
export function useTerminalNotifications(positions: readonly LivePositionView[] | undefined) {
  const [enabled, setEnabledState] = useState(readSetting);
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!positions) return;
    const known = seen.current;
    seen.current = new Set(positions.map((position) => position.id));
    // The first load is what is there already, not news.
    if (!known || !enabled) return;
    for (const position of positions) {
      if (known.has(position.id)) continue;
      toast.info(`New position from ${position.tracerName}`, {
        description: `${capitalize(position.side)} ${position.quantity} ${position.symbol}`,
      });
    }
  }, [positions, enabled]);

  const setEnabled = (value: boolean) => {
    setEnabledState(value);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, value ? 'on' : 'off');
    } catch {
      // Private mode: the switch still works for this visit.
    }
  };
  return { enabled, setEnabled };
}
