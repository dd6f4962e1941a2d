import type { AdminDeleteTraceResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useAdminTraceMutation } from './invalidate-traces';

/**
 * POST /api/admin/delete-trace {userId, traceId}: refused (409 ONBOARDING_TRADER) while the trace is the
 * onboarding trader; otherwise its active subscriptions end and it goes with its tiers, trades and posts.
 */
export const deleteTrace = (input: { userId: string; traceId: string }): Promise<AdminDeleteTraceResponse> =>
  api.post<AdminDeleteTraceResponse>('/api/admin/delete-trace', input);

export function useDeleteTrace({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteTrace> } = {}) {
  return useAdminTraceMutation(deleteTrace, mutationConfig);
}
