import type { TraceOwnerIntegrationResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

export type OwnerIntegration = TraceOwnerIntegrationResponse['integration'];

/** GET /api/trace-owner/{traceId}/integration: the owner's provider link, connections and accounts. */
export async function getIntegration(traceId: string, signal?: AbortSignal): Promise<OwnerIntegration> {
  const response = await api.get<TraceOwnerIntegrationResponse>(
    `/api/trace-owner/${encodeURIComponent(traceId)}/integration`,
    { signal },
  );
  return response.integration;
}

export const getIntegrationQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: traceDashboardKeys.integration(traceId),
    queryFn: ({ signal }) => getIntegration(traceId, signal),
  });

export function useIntegration(traceId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIntegrationQueryOptions(traceId), enabled });
}
