import type { AdminUsersResponse, ToggleAdminResponse } from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AdminFallbacks } from '../components/admin-toasts';
import { adminKeys } from './query-keys';
import { useAdminAction } from './use-admin-action';

export interface AdminUsersParams {
  page: number;
  search: string;
}

/** POST /api/admin/users {userId, page, limit, search}: a page of 25 users (docs/product.md#entities-and-fields). */
export const getAdminUsers = (userId: string, { page, search }: AdminUsersParams) =>
  api.post<AdminUsersResponse>('/api/admin/users', {
    userId,
    page,
    ...(search.trim() ? { search: search.trim() } : {}),
  });

export function useAdminUsers(userId: string, params: AdminUsersParams) {
  return useQuery({
    queryKey: adminKeys.users(params),
    queryFn: () => getAdminUsers(userId, params),
    placeholderData: keepPreviousData,
  });
}

export interface ToggleAdminInput {
  userId: string;
  targetUserId: string;
  isAdmin: boolean;
}

/** POST /api/admin/toggle-admin {userId, targetUserId, isAdmin}: message and user. */
export const toggleAdmin = (input: ToggleAdminInput) => api.post<ToggleAdminResponse>('/api/admin/toggle-admin', input);

export function useToggleAdmin() {
  return useAdminAction({
    mutationFn: toggleAdmin,
    fallback: AdminFallbacks.toggleAdmin,
    invalidates: () => [adminKeys.users()],
  });
}
