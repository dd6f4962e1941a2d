import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ADMIN_PAGE_SIZE,
  adminPaginationOf,
  type AdminFeedbackListQueryDto,
  type AdminFeedbackListRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { lookUpUsers } from '../../rpc/identity-users.lookup';
import { requireAdmin } from '../../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../../rpc/service-rpc-client.module';
import { FeedbackEntity } from '../entities/feedback.entity';
import { toAdminFeedbackView } from '../mappers/admin-feedback-view.mapper';

/** GET /api/feedback/admin/list: a page of feedback, newest first, optionally of one status, with its senders. */
@Injectable()
export class ListFeedbackUseCase {
  constructor(
    @InjectRepository(FeedbackEntity) private readonly feedback: Repository<FeedbackEntity>,
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
  ) {}

  async execute({
    actor,
    payload,
    requestId,
  }: RpcRequest<AdminFeedbackListQueryDto>): Promise<AdminFeedbackListRpcReply> {
    requireAdmin(actor);
    const page = payload.page ?? 1;
    const limit = payload.limit ?? ADMIN_PAGE_SIZE;
    const [rows, total] = await this.feedback.findAndCount({
      where: payload.status ? { status: payload.status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    const senders = await lookUpUsers(
      this.identity,
      rows.map((row) => row.userId),
      { requestId, actor },
    );
    return {
      feedback: rows.map((row) => toAdminFeedbackView(row, senders.get(row.userId))),
      pagination: adminPaginationOf(page, limit, total),
    };
  }
}
