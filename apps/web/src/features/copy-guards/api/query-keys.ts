/** Query keys of the copy guards; the session user's own (the server answers only theirs). */
export const copyGuardsKeys = {
  all: ['copy-guards'] as const,
  follower: () => [...copyGuardsKeys.all, 'follower'] as const,
  traces: () => [...copyGuardsKeys.all, 'traces'] as const,
  trace: (traceId: string) => [...copyGuardsKeys.traces(), 'one', traceId] as const,
  traceList: (traceIds: readonly string[]) => [...copyGuardsKeys.traces(), 'list', ...traceIds] as const,
};
