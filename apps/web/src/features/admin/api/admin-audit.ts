import type { AdminAuditLogResponse } from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export interface AuditLogParams {
  page: number;
  /** '' for every admin. */
  actorUserId: string;
  /** '' for every action. */
  action: string;
}

/** POST /api/admin/audit-log {userId, page, actorUserId, action}: newest first, 25 a page. */
export const getAuditLog = (userId: string, { page, actorUserId, action }: AuditLogParams) =>
  api.post<AdminAuditLogResponse>('/api/admin/audit-log', {
    userId,
    page,
    ...(actorUserId ? { actorUserId } : {}),
    ...(action ? { action } : {}),
  });

export function useAuditLog(userId: string, params: AuditLogParams) {
  return useQuery({
    queryKey: adminKeys.auditLog(params),
    queryFn: () => getAuditLog(userId, params),
    placeholderData: keepPreviousData,
  });
}
