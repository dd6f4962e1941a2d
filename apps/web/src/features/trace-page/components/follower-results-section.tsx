import type { FollowerResultsView } from '@copytrade/contracts';
import { useId } from 'react';
import {
  FollowerResultsHelp,
  FollowerResultsPanel,
  FollowerResultsSummary,
} from '@/components/follower-results/follower-results';
import { TitledCard } from '@/components/ui/card';

/**
 * Follower results on the trace page: what followers actually got from copying this trader. The full view has every
 * time frame behind a switch; the public view (`summaryOnly`) a summary of all time. Loaded on its own (React.lazy in
 * follower-results.tsx), out of the trace page's route chunk.
 */
export default function FollowerResultsSection({ results }: { results: FollowerResultsView }) {
  const titleId = useId();
  // A traces service from before follower results answers none: the page goes on without the section.
  if (!results) return null;
  const Figures = results.summaryOnly ? FollowerResultsSummary : FollowerResultsPanel;
  return (
    <TitledCard
      titleId={titleId}
      title="Follower results"
      titleAs="h2"
      description={
        results.summaryOnly
          ? "What followers got from copying this trader's shared trades, all time."
          : "What followers got from copying this trader's shared trades."
      }
    >
      <div className="follower-results">
        <Figures windows={results.windows} computedAt={results.computedAt} minCopies={results.minCopies} />
        <FollowerResultsHelp minCopies={results.minCopies} />
      </div>
    </TitledCard>
  );
}
