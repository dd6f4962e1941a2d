import type { CopyInstanceView, LivePositionsResponse } from '@copytrade/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getLivePositionsQueryOptions } from '@/lib/copy-trading/get-live-positions';

/** Which of a user's copies of one trade the row shows: an open one (it can be sold), else pending, else closed. */
const RANK: Record<CopyInstanceView['status'], number> = { open: 0, pending: 1, closed: 2, failed: 3, skipped: 3 };

export function currentCopy(copies: readonly CopyInstanceView[]): CopyInstanceView | null {
  // A copy that was not placed (refused, or skipped by a guard) holds nothing: the trade may be copied again.
  const shown = copies.filter((copy) => copy.status !== 'failed' && copy.status !== 'skipped');
  return shown.sort((a, b) => RANK[a.status] - RANK[b.status])[0] ?? null;
}

const byTrade = (response: LivePositionsResponse | undefined) =>
  new Map(
    (response?.positions ?? [])
      .filter((position) => position.hasUserCopied)
      .map((position) => [position.id, currentCopy(position.copyInstances)] as const),
  );

/**
 * The user's copies of the live trades, from ONE request for the whole page: GET
 * /api/trading-terminal/live-positions (`hasUserCopied`, `copyInstances`), the Trading Terminal's own cache entry
 * (30 s polling, refreshed at once by the live push and after a copy or a sell). A row never asks on its own.
 * Unreadable: every trade shows as not copied (the server still refuses a second copy).
 */
export function useCopiesByTrade(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...getLivePositionsQueryOptions(userId), enabled: enabled && Boolean(userId) });
  const copies = useMemo(() => byTrade(query.data), [query.data]);
  return {
    copyOf: (tradeId: string): CopyInstanceView | null => copies.get(tradeId) ?? null,
    loading: query.isPending && query.fetchStatus !== 'idle',
  };
}
