import type {
  TraceGuardsListResponse,
  TraceGuardsResponse,
  TraceGuardsView,
  UpdateTraceGuardsDto,
} from '@copytrade/contracts';
import { CopyGuardRules } from '@copytrade/contracts/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyGuardsKeys } from './query-keys';

export const traceGuardsQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: copyGuardsKeys.trace(traceId),
    queryFn: async (): Promise<TraceGuardsView> =>
      (await api.get<TraceGuardsResponse>(`/api/copy-guards/traces/${encodeURIComponent(traceId)}`)).traceGuards,
  });

/** GET /api/copy-guards/traces/{traceId}. */
export function useTraceGuards(traceId: string) {
  return useQuery(traceGuardsQueryOptions(traceId));
}

/** GET /api/copy-guards/traces?traceIds=… for up to 100 traces at once (the first 100 asked for). */
export function useTraceGuardsList(traceIds: readonly string[]) {
  const ids = [...new Set(traceIds)].slice(0, CopyGuardRules.maxTraceIds);
  return useQuery({
    queryKey: copyGuardsKeys.traceList(ids),
    queryFn: async (): Promise<TraceGuardsView[]> =>
      (
        await api.get<TraceGuardsListResponse>(
          `/api/copy-guards/traces?traceIds=${ids.map(encodeURIComponent).join(',')}`,
        )
      ).traceGuards,
    enabled: ids.length > 0,
  });
}

type TraceGuardsAction = { kind: 'pause' } | { kind: 'resume' } | { kind: 'update'; change: UpdateTraceGuardsDto };

const callFor = (traceId: string, action: TraceGuardsAction): Promise<TraceGuardsResponse> => {
  const path = `/api/copy-guards/traces/${encodeURIComponent(traceId)}`;
  if (action.kind === 'update') return api.put<TraceGuardsResponse>(path, action.change);
  return api.post<TraceGuardsResponse>(`${path}/${action.kind}`, {});
};

/**
 * Pause, resume or change one trace's guards. The answer replaces that trace's cached guards, and the lists that
 * hold it are read again.
 */
export function useTraceGuardsAction(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TraceGuardsAction) => callFor(traceId, action),
    scope: { id: `trace-guards-${traceId}` },
    onSuccess: async (response) => {
      if (!response?.traceGuards) return;
      queryClient.setQueryData(copyGuardsKeys.trace(traceId), response.traceGuards);
      queryClient.setQueriesData<TraceGuardsView[]>({ queryKey: [...copyGuardsKeys.traces(), 'list'] }, (list) =>
        list?.map((guards) => (guards.traceId === traceId ? response.traceGuards : guards)),
      );
    },
  });
}
