import { Injectable, Logger } from '@nestjs/common';
import {
  BetaMessages,
  BetaRequestApproved,
  IdentityErrorCode,
  type ApproveBetaRequestRpcReply,
  type ApproveBetaRequestRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { requireAdmin } from '../../../common/actor';
import { BetaCodes } from '../beta-codes.service';
import { BetaRequestEntity } from '../entities/beta-request.entity';
import { toBetaRequestView } from '../mappers/beta-request-view.mapper';

/**
 * Admins only. Approval (who, when), the new code and the BetaRequestApproved event commit together;
 * the code is e-mailed after the commit. The admin service's audit log learns of it from the event.
 */
@Injectable()
export class ApproveBetaRequestUseCase {
  private readonly logger = new Logger(ApproveBetaRequestUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: BetaCodes,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute({
    actor,
    payload,
    requestId,
  }: RpcRequest<ApproveBetaRequestRpcRequest>): Promise<ApproveBetaRequestRpcReply> {
    const admin = requireAdmin(actor);
    const { request, code } = await this.dataSource.transaction(async (manager) => {
      const found = await manager.findOne(BetaRequestEntity, {
        where: { id: payload.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!found)
        throw DomainException.notFound(BetaMessages.requestNotFound, IdentityErrorCode.BETA_REQUEST_NOT_FOUND);
      if (found.status === 'approved')
        throw new DomainException(
          409,
          IdentityErrorCode.BETA_REQUEST_ALREADY_APPROVED,
          BetaMessages.requestAlreadyApproved,
        );
      const approvedAt = new Date();
      await manager.update(
        BetaRequestEntity,
        { id: found.id },
        { status: 'approved', approvedAt, approvedBy: admin.userId },
      );
      const issued = await this.codes.issue(manager, found.email);
      await this.outbox.add(
        manager,
        BetaRequestApproved,
        {
          betaRequestId: found.id,
          email: found.email,
          approvedByUserId: admin.userId,
          approvedAt: approvedAt.toISOString(),
        },
        { correlationId: requestId, aggregateId: `beta-request:${found.id}` },
      );
      return { request: { ...found, status: 'approved' as const, approvedAt, approvedBy: admin.userId }, code: issued };
    });
    await this.codes.mail(request.email, code);
    this.logger.log({ requestId, betaRequestId: request.id, adminId: admin.userId }, 'Beta request approved');
    return { request: toBetaRequestView(request) };
  }
}
