import type { AdminTraceResponse, RiskLevel, TradingStyle } from '@copytrade/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useAdminTraceMutation } from './invalidate-traces';

/** The create form's fields as sent (docs/product.md#admin-panel): name, handle and ownerId are required. */
export interface CreateTraceInput {
  userId: string;
  name: string;
  handle: string;
  ownerId: string;
  description?: string;
  bio?: string;
  avatar?: string;
  tradingStyle: TradingStyle[];
  riskLevel: RiskLevel;
  minInvestment: number;
  isVerified: boolean;
  isFeatured: boolean;
}

/** POST /api/admin/create-trace (400 'Please fill in all required fields'; 409 when the handle is taken). */
export const createTrace = (input: CreateTraceInput): Promise<AdminTraceResponse> =>
  api.post<AdminTraceResponse>('/api/admin/create-trace', input);

export function useCreateTrace({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createTrace> } = {}) {
  return useAdminTraceMutation(createTrace, mutationConfig);
}
