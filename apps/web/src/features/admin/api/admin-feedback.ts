import type { AdminFeedbackListResponse, FeedbackStatus, UpdateFeedbackStatusResponse } from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AdminFallbacks } from '../components/admin-toasts';
import { adminKeys } from './query-keys';
import { useAdminAction } from './use-admin-action';

/** GET /api/feedback/admin/list?page=&status= (credentials): newest first, 25 a page; `status` '' for all. */
export const getAdminFeedback = (page: number, status: FeedbackStatus | '') =>
  api.get<AdminFeedbackListResponse>(
    `/api/feedback/admin/list?${new URLSearchParams({ page: String(page), ...(status ? { status } : {}) })}`,
  );

export function useAdminFeedback(page: number, status: FeedbackStatus | '') {
  return useQuery({
    queryKey: adminKeys.feedback({ page, status }),
    queryFn: () => getAdminFeedback(page, status),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/feedback/admin/{id}/status {status}: 'Feedback status updated successfully'. */
export const updateFeedbackStatus = ({ id, status }: { id: string; status: FeedbackStatus }) =>
  api.put<UpdateFeedbackStatusResponse>(`/api/feedback/admin/${encodeURIComponent(id)}/status`, { status });

export function useUpdateFeedbackStatus() {
  return useAdminAction({
    mutationFn: updateFeedbackStatus,
    fallback: AdminFallbacks.updateFeedbackStatus,
    invalidates: () => [adminKeys.feedback(), adminKeys.auditLog()],
  });
}
