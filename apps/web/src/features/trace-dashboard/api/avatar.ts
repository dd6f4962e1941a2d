import type { ErrorBody, OwnerAvatarResponse, OwnerMessageResponse } from '@copytrade/contracts';
import { AVATAR_FIELD } from '@copytrade/contracts/http/traces/owner-profile.rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, CSRF_HEADER, getCsrfToken, NetworkError } from '@/lib/api-client';
import { traceDashboardKeys } from './query-keys';

const avatarUrl = (traceId: string) => `/api/trace-owner/${encodeURIComponent(traceId)}/avatar`;

/**
 * POST /api/trace-owner/{traceId}/avatar, multipart with the file in the field `avatar`. The JSON api client does
 * not send forms, so this call sends its own, with the same session cookie, CSRF header and error mapping.
 */
export async function uploadAvatar(traceId: string, image: Blob): Promise<OwnerAvatarResponse> {
  const form = new FormData();
  form.append(AVATAR_FIELD, image, 'avatar.jpg');
  const token = await getCsrfToken();
  let response: Response;
  try {
    response = await fetch(avatarUrl(traceId), {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json', [CSRF_HEADER]: token },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, body as Partial<ErrorBody> | undefined);
  return body as OwnerAvatarResponse;
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
