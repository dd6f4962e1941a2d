import type { OwnerAvatarResponse, OwnerMessageResponse } from '@copytrade/contracts';
import { AVATAR_FIELD } from '@copytrade/contracts/http/traces/owner-profile.rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownerPost } from './owner-request';
import { traceDashboardKeys } from './query-keys';

const avatarUrl = (traceId: string) => `/api/trace-owner/${encodeURIComponent(traceId)}/avatar`;

/** POST /api/trace-owner/{traceId}/avatar, multipart with the file in the field `avatar` (the JSON client sends no forms). */
export function uploadAvatar(traceId: string, image: Blob): Promise<OwnerAvatarResponse> {
  const form = new FormData();
  form.append(AVATAR_FIELD, image, 'avatar.jpg');
  return ownerPost<OwnerAvatarResponse>(avatarUrl(traceId), form);
}

/** DELETE /api/trace-owner/{traceId}/avatar (404 when there is none). */
export const deleteAvatar = (traceId: string) => api.delete<OwnerMessageResponse>(avatarUrl(traceId));

export function useUploadAvatar(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadAvatar(traceId, image),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true }),
  });
}

export function useDeleteAvatar(traceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAvatar(traceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true }),
  });
}
