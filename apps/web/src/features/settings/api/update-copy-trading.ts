import type { CopySettingsResponse, UserView } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { authKeys, type Session } from '@/lib/auth';

export const COPY_TRADING_FAILED = 'Failed to update copy trading';

/** POST /api/update-copy-trading (cookies): turns copy trading on or off for the session's user. */
export const updateCopyTrading = ({
  copyTradingEnabled,
}: {
  copyTradingEnabled: boolean;
}): Promise<CopySettingsResponse> => api.post<CopySettingsResponse>('/api/update-copy-trading', { copyTradingEnabled });

/** Keeps the session's user in step with what the server saved. */
export function storeSavedUser(
  queryClient: ReturnType<typeof useQueryClient>,
  saved: UserView | undefined,
  fallback: Partial<UserView>,
): void {
  queryClient.setQueryData<Session>(authKeys.session(), (current) => {
    if (!current) return current;
    return saved ? { ...current, ...saved } : { ...current, ...fallback };
  });
}

/** The switch follows the server: the user changes only once the call succeeds. */
export function useUpdateCopyTrading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCopyTrading,
    onSuccess: (response, input) => storeSavedUser(queryClient, response?.user, input),
  });
}

export const copyTradingErrorMessage = (error: unknown): string =>
  (isApiError(error) && error.serverMessage) || COPY_TRADING_FAILED;
