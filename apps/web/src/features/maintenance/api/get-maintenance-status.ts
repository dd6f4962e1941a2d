import type { MaintenanceStatusResponse } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { maintenanceKeys } from './query-keys';

/** Re-read so that a visitor sees the switch promptly (rather than on load only). */
export const MAINTENANCE_REFRESH_INTERVAL_MS = 60 * 1000;

/** GET /api/maintenance-status (public). */
export const getMaintenanceStatus = (): Promise<MaintenanceStatusResponse> =>
  api.get<MaintenanceStatusResponse>('/api/maintenance-status');

export const getMaintenanceStatusQueryOptions = () =>
  queryOptions({
    queryKey: maintenanceKeys.status(),
    queryFn: getMaintenanceStatus,
    // A failed read (429 included) counts as "off" at once; no retries delaying the page (see
    // docs/product.md#error-messages).
    retry: false,
    // A component mounting later (the admin card) must not re-fire a failed read: that read would put the
    // query back to "pending" and the gate would unmount the page to show its spinner again.
    retryOnMount: false,
    staleTime: 0,
    refetchInterval: MAINTENANCE_REFRESH_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });

export function useMaintenanceStatus({
  queryConfig,
}: { queryConfig?: QueryConfig<typeof getMaintenanceStatusQueryOptions> } = {}) {
  return useQuery({ ...getMaintenanceStatusQueryOptions(), ...queryConfig });
}

/**
 * Whether Beta Launch Mode is on, as the app must act on it: undefined only while the very first read
 * runs; false when the latest read failed or was rate limited (docs/product.md#error-messages), even if an earlier read
 * said true, and while a read that follows a failure is still running.
 */
export function isMaintenanceOn(query: ReturnType<typeof useMaintenanceStatus>): boolean | undefined {
  if (query.isSuccess) return query.data.isMaintenanceModeEnabled === true;
  if (query.isError) return false;
  return query.errorUpdateCount > 0 ? false : undefined;
}
