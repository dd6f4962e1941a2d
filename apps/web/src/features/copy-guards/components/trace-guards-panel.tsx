import { useId } from 'react';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { useTraceGuards } from '../api/trace-guards';
import { TraceGuardsControls } from './trace-controls';

/** The trace page's card (a subscriber's full view): this trace's automatic copying and its limits. */
export function TraceGuardsPanel({ traceId, traceName }: { traceId: string; traceName: string }) {
  const titleId = useId();
  const guards = useTraceGuards(traceId);
  return (
    <TitledCard titleId={titleId} title="Your Copy Guards" titleAs="h2" className="trace-guards-card">
      {guards.isPending ? (
        <LoadingRows label="Loading your copy guards for this trace" />
      ) : guards.isError && !guards.data ? (
        <LoadError onRetry={() => void guards.refetch()} retrying={guards.isFetching}>
          Your copy guards for this trace could not be loaded.
        </LoadError>
      ) : (
        <TraceGuardsControls guards={guards.data} traceName={traceName} />
      )}
    </TitledCard>
  );
}
