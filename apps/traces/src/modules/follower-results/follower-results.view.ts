import {
  FOLLOWER_RESULTS_MIN_COPIES,
  type FollowerResultsFigures,
  type FollowerResultsView,
} from '@copytrade/contracts';
import type { TraceFollowerResultsEntity } from '../shared/entities';

/** The public summary leaves out the tail percentiles: only what a median of enough copies can say. */
const summaryOf = (figures: FollowerResultsFigures): FollowerResultsFigures => ({
  ...figures,
  followerReturnP90: null,
  delayP95Ms: null,
  slippageP95: null,
});

/**
 * A trace's follower results on its page: every time frame for the full view (the owner, a viewer with access), the
 * 'all' time frame without its tail percentiles for everyone else. Nothing computed yet: computedAt null, no windows.
 */
export function toFollowerResultsView(row: TraceFollowerResultsEntity | null, full: boolean): FollowerResultsView {
  const base = { summaryOnly: !full, minCopies: FOLLOWER_RESULTS_MIN_COPIES };
  if (!row) return { ...base, computedAt: null, windows: [] };
  const windows = full ? row.windows : row.windows.filter((figures) => figures.window === 'all').map(summaryOf);
  return { ...base, computedAt: row.computedAt.toISOString(), windows };
}
