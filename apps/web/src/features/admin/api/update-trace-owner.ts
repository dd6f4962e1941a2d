import type { AdminTraceResponse } from '@copytrade/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useInvalidateTracesAfterAdminChange } from './invalidate-traces';

/** POST /api/admin/update-trace-owner {userId, traceId, newOwnerId}. */
export const updateTraceOwner = (input: {
  userId: string;
  traceId: string;
  newOwnerId: string;
}): Promise<AdminTraceResponse> => api.post<AdminTraceResponse>('/api/admin/update-trace-owner', input);

export function useUpdateTraceOwner({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateTraceOwner> } = {}) {
  const invalidate = useInvalidateTracesAfterAdminChange();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateTraceOwner,
    onSuccess: async (response, input, ...args) => {
      await onSuccess?.(response, input, ...args);
      void invalidate({ userId: input.userId, traceId: input.traceId });
    },
  });
}
