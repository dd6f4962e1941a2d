import type { AdminTraceResponse } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useAdminTraceMutation } from './invalidate-traces';

/** POST /api/admin/update-trace-owner {userId, traceId, newOwnerId}. */
export const updateTraceOwner = (input: {
  userId: string;
  traceId: string;
  newOwnerId: string;
}): Promise<AdminTraceResponse> => api.post<AdminTraceResponse>('/api/admin/update-trace-owner', input);

export function useUpdateTraceOwner({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateTraceOwner> } = {}) {
  return useAdminTraceMutation(updateTraceOwner, mutationConfig);
}
