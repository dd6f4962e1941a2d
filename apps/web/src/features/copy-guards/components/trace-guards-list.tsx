import { useId } from 'react';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { useTraceGuardsList } from '../api/trace-guards';
import { TraceGuardsControls } from './trace-controls';

export interface GuardedTrace {
  id: string;
  name: string;
}

/** My Copy Trades: automatic copying and the limits of each trace the follower has copies of (one request). */
export function TraceGuardsList({ traces }: { traces: GuardedTrace[] }) {
  const titleId = useId();
  const list = useTraceGuardsList(traces.map((trace) => trace.id));
  const names = new Map(traces.map((trace) => [trace.id, trace.name]));
  if (traces.length === 0) return null;
  return (
    <TitledCard
      titleId={titleId}
      title="Automatic Copying by Trace"
      description="Pause a trace or set its limits; your subscriptions and copying by hand are not affected."
      className="trace-guards-card"
    >
      {list.isPending ? (
        <LoadingRows label="Loading your copy guards" />
      ) : list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
          Your copy guards could not be loaded.
        </LoadError>
      ) : (
        <ul className="trace-guards-list" aria-labelledby={titleId}>
          {list.data.map((guards) => {
            const name = names.get(guards.traceId) ?? 'Trace';
            return (
              <li key={guards.traceId} className="trace-guards-list__item">
                <h3 className="trace-guards-list__name">{name}</h3>
                <TraceGuardsControls guards={guards} traceName={name} />
              </li>
            );
          })}
        </ul>
      )}
    </TitledCard>
  );
}
