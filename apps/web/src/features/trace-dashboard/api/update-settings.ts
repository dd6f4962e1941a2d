import type { OwnerProfileUpdateResponse, OwnerTraceView, RiskLevel, TierName } from '@copytrade/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OwnerTraceData } from './get-owner-trace';
import { traceDashboardKeys } from './query-keys';

/** The profile settings payload (docs/product.md#owner-settings). */
export interface ProfileSettingsInput {
  name: string;
  handle: string;
  description: string;
  bio: string;
  tradingStyle: string[];
  riskLevel: RiskLevel;
  minInvestment: number;
}

/** The privacy settings payload (docs/product.md#owner-settings). */
export interface PrivacySettingsInput {
  allowComments: boolean;
  allowCopying: boolean;
  autoShareProfitableTrades: boolean;
  defaultSharingTier: TierName;
  publicProfile: boolean;
}

/** PUT /api/trace-owner/{traceId}/profile */
export const updateProfile = (traceId: string, input: ProfileSettingsInput) =>
  api.put<OwnerProfileUpdateResponse>(`/api/trace-owner/${encodeURIComponent(traceId)}/profile`, input);

/** PUT /api/trace-owner/{traceId}/privacy */
export const updatePrivacy = (traceId: string, input: PrivacySettingsInput) =>
  api.put<OwnerProfileUpdateResponse>(`/api/trace-owner/${encodeURIComponent(traceId)}/privacy`, input);

/** Both answer the trace as stored: it replaces the cached one, then the owner data is read again. */
function useSettingsMutation<TInput>(
  traceId: string,
  send: (traceId: string, input: TInput) => Promise<OwnerProfileUpdateResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(traceId, input),
    onSuccess: async (response) => {
      const trace: OwnerTraceView = response.trace;
      queryClient.setQueryData<OwnerTraceData>(traceDashboardKeys.trace(traceId), (current) =>
        current ? { ...current, trace } : current,
      );
      await queryClient.invalidateQueries({ queryKey: traceDashboardKeys.trace(traceId), exact: true });
    },
  });
}

export const useUpdateProfile = (traceId: string) => useSettingsMutation(traceId, updateProfile);
export const useUpdatePrivacy = (traceId: string) => useSettingsMutation(traceId, updatePrivacy);
