import type { CopySettingsResponse } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { storeSavedUser } from './update-copy-trading';

export const COPY_SETTINGS_FAILED = 'Failed to save copy settings';

export type CopySettingsChange =
  { defaultCopyAmount: number | null } | { maxCopyAmount: number | null } | { closeAutoCopiesOnTraderSell: boolean };

/**
 * POST /api/update-copy-settings (cookies) with one field: an amount (`{defaultCopyAmount}` or `{maxCopyAmount}`)
 * or the 'close my automatic copies when the trader sells' switch (`{closeAutoCopiesOnTraderSell}`).
 */
export const updateCopySettings = (change: CopySettingsChange): Promise<CopySettingsResponse> =>
  api.post<CopySettingsResponse>('/api/update-copy-settings', change);

/**
 * Fired on every input change (docs/product.md#rest-calls). The calls share one mutation scope, so they run one after
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

/**
 * The 'close my automatic copies when the trader sells' switch. Same call and mutation scope as the amounts, so
 * saves of the card run in order and the last answer (the whole user) is the one kept; the switch follows the
 * server, changing only once the call succeeds.
 */
export function useUpdateCloseAutoCopies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { closeAutoCopiesOnTraderSell: boolean }) => updateCopySettings(input),
    scope: { id: 'copy-settings' },
    onSuccess: (response, input) => storeSavedUser(queryClient, response?.user, input),
  });
}

export const copySettingsErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.serverMessage) || COPY_SETTINGS_FAILED;
