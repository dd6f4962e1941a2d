import type { CopySettingsResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { storeSavedUser } from './update-copy-trading';

export const COPY_SETTINGS_FAILED = 'Failed to save copy settings';

export type CopySettingsChange = { defaultCopyAmount: number | null } | { maxCopyAmount: number | null };

/** POST /api/update-copy-settings (cookies) with one amount: `{defaultCopyAmount}` or `{maxCopyAmount}`. */
export const updateCopySettings = (change: CopySettingsChange): Promise<CopySettingsResponse> =>
  api.post<CopySettingsResponse>('/api/update-copy-settings', change);

/**
 * Fired on every input change (seed 000 §7). The calls share one mutation scope, so they run one after
 * another in the order typed and the last value typed is the one stored.
 */
export function useUpdateCopySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCopySettings,
    scope: { id: 'copy-settings' },
    onSuccess: (response, change) => storeSavedUser(queryClient, response?.user, change),
  });
}

export const copySettingsErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.serverMessage) || COPY_SETTINGS_FAILED;
