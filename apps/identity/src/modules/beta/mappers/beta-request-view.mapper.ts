import type { BetaRequestView } from '@copytrade/contracts';
import type { BetaRequestEntity } from '../entities/beta-request.entity';

export function toBetaRequestView(request: BetaRequestEntity): BetaRequestView {
  return {
    id: request.id,
    email: request.email,
    status: request.status,
    requestCount: request.requestCount,
    createdAt: request.createdAt.toISOString(),
    lastRequestedAt: request.lastRequestedAt.toISOString(),
    approvedAt: request.approvedAt?.toISOString() ?? null,
    approvedByUserId: request.approvedBy,
  };
}
