import { Injectable, type OnModuleInit } from '@nestjs/common';
import { BetaRequestApproved, type BetaRequestApprovedV1, type EventEnvelope } from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { AdminAuditRecorder } from '../admin-audit.recorder';

/**
 * Beta approvals are an admin action that identity carries out (it owns beta requests): the audit log learns
 * them from identity's BetaRequestApproved event, once per event (the consumer's inbox), in the same transaction.
 */
@Injectable()
export class BetaRequestApprovedHandler implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly auditLog: AdminAuditRecorder,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<BetaRequestApprovedV1>({
      durableName: 'admin-audit-beta-approvals',
      filterSubject: BetaRequestApproved.subject,
      handler: (envelope, manager) => this.record(envelope, manager),
    });
  }

  record({ data, correlationId }: EventEnvelope<BetaRequestApprovedV1>, manager: EntityManager): Promise<void> {
    return this.auditLog.record(
      { actor: { userId: data.approvedByUserId, isAdmin: true }, requestId: correlationId },
      {
        action: 'beta-request.approve',
        target: { type: 'beta-request', id: data.betaRequestId },
        before: { status: 'pending' },
        after: { status: 'approved', email: data.email, approvedAt: data.approvedAt },
      },
      manager,
    );
  }
}
