import type {
  FollowerGuardsResponse,
  FollowerGuardsView,
  StopAllAutoCopyResponse,
  UpdateFollowerGuardsDto,
} from '@copytrade/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { copyGuardsKeys } from './query-keys';

export type FollowerGuardsChange = Partial<Pick<UpdateFollowerGuardsDto, keyof UpdateFollowerGuardsDto>>;

export const followerGuardsQueryOptions = () =>
  queryOptions({
    queryKey: copyGuardsKeys.follower(),
    queryFn: async (): Promise<FollowerGuardsView> =>
      (await api.get<FollowerGuardsResponse>('/api/copy-guards')).guards,
  });

/** GET /api/copy-guards: the follower-wide guards and the kill switch. */
export function useFollowerGuards() {
  return useQuery(followerGuardsQueryOptions());
}

/** Every write answers the guards after it: they replace the cached ones (the server's word, nothing guessed). */
const keep = (queryClient: QueryClient, response: FollowerGuardsResponse | undefined) => {
  if (response?.guards) queryClient.setQueryData(copyGuardsKeys.follower(), response.guards);
};

/** PUT /api/copy-guards with the settings changed (null turns one off). */
export function useUpdateFollowerGuards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FollowerGuardsChange) => api.put<FollowerGuardsResponse>('/api/copy-guards', change),
    scope: { id: 'copy-guards' },
    onSuccess: (response) => keep(queryClient, response),
  });
}

/** POST /api/copy-guards/stop-all, optionally asking for the automatic copies held to be closed too. */
export function useStopAllAutoCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { closeAutomaticCopies: boolean }) =>
      api.post<StopAllAutoCopyResponse>('/api/copy-guards/stop-all', input),
    scope: { id: 'copy-guards' },
    onSuccess: (response) => keep(queryClient, response),
  });
}

/** POST /api/copy-guards/resume-all. */
export function useResumeAllAutoCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FollowerGuardsResponse>('/api/copy-guards/resume-all', {}),
    scope: { id: 'copy-guards' },
    onSuccess: (response) => keep(queryClient, response),
  });
}
