import type { OwnerMessageResponse, OwnerPostResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

export interface PostInput {
  title: string;
  content: string;
  isPublic: boolean;
  isPinned: boolean;
}

const postsUrl = (traceId: string) => `/api/trace-owner/${encodeURIComponent(traceId)}/posts`;

/** POST /api/trace-owner/{traceId}/posts */
export const createPost = (traceId: string, input: PostInput) => api.post<OwnerPostResponse>(postsUrl(traceId), input);

/** PUT /api/trace-owner/{traceId}/posts/{postId} */
export const updatePost = (traceId: string, postId: string, input: PostInput) =>
  api.put<OwnerPostResponse>(`${postsUrl(traceId)}/${encodeURIComponent(postId)}`, input);

/** DELETE /api/trace-owner/{traceId}/posts/{postId} */
export const deletePost = (traceId: string, postId: string) =>
  api.delete<OwnerMessageResponse>(`${postsUrl(traceId)}/${encodeURIComponent(postId)}`);

/** Create (no `postId`) or edit a post; the owner data (its posts) is read again afterwards. */
export function useSavePost(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, input }: { postId?: string; input: PostInput }) =>
      postId ? updatePost(traceId, postId, input) : createPost(traceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true }),
  });
}

export function useDeletePost(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deletePost(traceId, postId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true }),
  });
}
