import { Inject, Injectable } from '@nestjs/common';
import {
  AdminFeedbackErrorCode,
  AdminFeedbackMessages,
  type RpcRequest,
  type SetFeedbackStatusRpcPayload,
  type SetFeedbackStatusRpcReply,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { AdminAuditRecorder } from '../../audit/admin-audit.recorder';
import { lookUpUsers } from '../../rpc/identity-users.lookup';
import { requireAdmin } from '../../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../../rpc/service-rpc-client.module';
import { FeedbackEntity } from '../entities/feedback.entity';
import { toAdminFeedbackView } from '../mappers/admin-feedback-view.mapper';

/**
 * An admin moves a feedback freely among open, in_progress, resolved and closed
 * (docs/product.md#states-and-transitions). The new status and its audit row commit together; setting the status it
 * already has changes and records nothing.
 */
@Injectable()
export class SetFeedbackStatusUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly auditLog: AdminAuditRecorder,
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
  ) {}

  async execute(request: RpcRequest<SetFeedbackStatusRpcPayload>): Promise<SetFeedbackStatusRpcReply> {
    const { actor, payload, requestId } = request;
    requireAdmin(actor);
    // A malformed id names no feedback either.
    if (!isUUID(payload.feedbackId)) throw notFound();
    const feedback = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(FeedbackEntity, {
        where: { id: payload.feedbackId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) throw notFound();
      if (current.status === payload.status) return current;
      await manager.update(FeedbackEntity, { id: current.id }, { status: payload.status });
      await this.auditLog.record(
        request,
        {
          action: 'feedback.status',
          target: { type: 'feedback', id: current.id },
          before: { status: current.status },
          after: { status: payload.status },
        },
        manager,
      );
      return { ...current, status: payload.status };
    });
    const senders = await lookUpUsers(this.identity, [feedback.userId], { requestId, actor });
    return { feedback: toAdminFeedbackView(feedback, senders.get(feedback.userId)) };
  }
}

const notFound = () =>
  DomainException.notFound(AdminFeedbackMessages.notFound, AdminFeedbackErrorCode.FEEDBACK_NOT_FOUND);
