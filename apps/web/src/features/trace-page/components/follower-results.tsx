import type { FollowerResultsView } from '@copytrade/contracts';
import { lazy, Suspense } from 'react';
import { LoadingRows } from '@/components/ui/data-state';

// Its own chunk: the trace page's route chunk is at its budget (tools/scripts/src/bundle-budget.ts).
const FollowerResultsSection = lazy(() => import('./follower-results-section'));

/** The trace page's Follower results section, loaded when the page shows it. */
export function FollowerResults({ results }: { results: FollowerResultsView }) {
  return (
    <Suspense fallback={<LoadingRows label="Loading follower results..." />}>
      <FollowerResultsSection results={results} />
    </Suspense>
  );
}
