import type { SetMaintenanceModeResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { maintenanceKeys } from './query-keys';

/** POST /api/set-maintenance-mode (admins only: 401 signed out, 403 otherwise). */
export const setMaintenanceMode = ({ enabled }: { enabled: boolean }): Promise<SetMaintenanceModeResponse> =>
  api.post<SetMaintenanceModeResponse>('/api/set-maintenance-mode', { enabled });

/**
 * The cached status changes only once the server has accepted the change (docs/product.md#maintenance-screen): no
 * optimistic update; the server's answer becomes the status.
 */
export function useSetMaintenanceMode({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setMaintenanceMode> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: setMaintenanceMode,
    onSuccess: async (response, ...args) => {
      await queryClient.cancelQueries({ queryKey: maintenanceKeys.status() });
      queryClient.setQueryData(maintenanceKeys.status(), {
        isMaintenanceModeEnabled: response.isMaintenanceModeEnabled,
      });
      await onSuccess?.(response, ...args);
    },
  });
}
