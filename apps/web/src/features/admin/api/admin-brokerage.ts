import type {
  AdminAllConnectionsResponse,
  AdminBrokerageChangeResponse,
  AdminSnaptradeUsersResponse,
  AdminUserConnectionsResponse,
  AdminUserHoldingsResponse,
} from '@copytrade/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AdminFallbacks } from '../components/admin-toasts';
import { adminKeys } from './query-keys';
import { useAdminAction } from './use-admin-action';

/** POST /api/admin/all-connections {userId, page}: every user's connections, 25 a page. */
export function useAllConnections(userId: string, page: number) {
  return useQuery({
    queryKey: adminKeys.connections({ page }),
    queryFn: () => api.post<AdminAllConnectionsResponse>('/api/admin/all-connections', { userId, page }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/snaptrade-users {userId}: the provider's users with the totals. */
export function useSnaptradeUsers(userId: string) {
  return useQuery({
    queryKey: adminKeys.providerUsers(),
    queryFn: () => api.post<AdminSnaptradeUsersResponse>('/api/admin/snaptrade-users', { userId }),
  });
}

/** POST /api/admin/user-connections {userId, targetUserId}. */
export function useUserConnections(userId: string, targetUserId: string) {
  return useQuery({
    queryKey: [...adminKeys.userBrokerage(targetUserId), 'connections'],
    queryFn: () => api.post<AdminUserConnectionsResponse>('/api/admin/user-connections', { userId, targetUserId }),
  });
}

/** POST /api/admin/user-holdings {userId, targetUserId}: symbol, quantity, price, value per account. */
export function useUserHoldings(userId: string, targetUserId: string) {
  return useQuery({
    queryKey: [...adminKeys.userBrokerage(targetUserId), 'holdings'],
    queryFn: () => api.post<AdminUserHoldingsResponse>('/api/admin/user-holdings', { userId, targetUserId }),
  });
}

/** A brokerage removal: afterwards the user's records, every connection list and the users' flags are read again. */
const brokerageAction = <TInput extends { userId: string; targetUserId?: string }>(path: string, fallback: string) =>
  function useBrokerageAction() {
    return useAdminAction<TInput, AdminBrokerageChangeResponse>({
      mutationFn: (input) => api.post<AdminBrokerageChangeResponse>(path, input),
      fallback,
      invalidates: () => [
        adminKeys.userBrokerage(),
        adminKeys.connections(),
        adminKeys.providerUsers(),
        adminKeys.users(),
        adminKeys.auditLog(),
      ],
    });
  };

type Target = { userId: string; targetUserId: string };

/** POST /api/admin/delete-connection {userId, targetUserId}: every connection of the user. */
export const useDeleteConnection = brokerageAction<Target>(
  '/api/admin/delete-connection',
  AdminFallbacks.deleteConnection,
);
/** POST /api/admin/delete-specific-connection {userId, connectionId, targetUserId}. */
export const useDeleteSpecificConnection = brokerageAction<Target & { connectionId: string }>(
  '/api/admin/delete-specific-connection',
  AdminFallbacks.deleteConnection,
);
/** POST /api/admin/delete-snaptrade-user {userId, snaptradeUserId, targetUserId}. */
export const useDeleteSnaptradeUser = brokerageAction<{
  userId: string;
  snaptradeUserId: string;
  targetUserId?: string;
}>('/api/admin/delete-snaptrade-user', AdminFallbacks.deleteSnaptradeUser);
/** POST /api/admin/remove-brokerage {userId, targetUserId, brokerageAuthorizationId}. */
export const useRemoveBrokerage = brokerageAction<Target & { brokerageAuthorizationId: string }>(
  '/api/admin/remove-brokerage',
  AdminFallbacks.removeBrokerage,
);
