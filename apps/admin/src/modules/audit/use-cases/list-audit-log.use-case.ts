import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ADMIN_PAGE_SIZE,
  adminPaginationOf,
  type AdminAuditLogDto,
  type AdminAuditLogRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { lookUpUsers } from '../../rpc/identity-users.lookup';
import { requireAdmin } from '../../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../../rpc/service-rpc-client.module';
import { AdminAuditLogEntity } from '../entities/admin-audit-log.entity';

/** POST /api/admin/audit-log: newest first, a page at a time, optionally one actor's or one action's entries. */
@Injectable()
export class ListAuditLogUseCase {
  constructor(
    @InjectRepository(AdminAuditLogEntity) private readonly entries: Repository<AdminAuditLogEntity>,
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<AdminAuditLogDto>): Promise<AdminAuditLogRpcReply> {
    requireAdmin(actor);
    const page = payload.page ?? 1;
    const limit = payload.limit ?? ADMIN_PAGE_SIZE;
    const [rows, total] = await this.entries.findAndCount({
      where: {
        ...(payload.actorUserId ? { actorUserId: payload.actorUserId } : {}),
        ...(payload.action ? { action: payload.action } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    const actors = await lookUpUsers(
      this.identity,
      rows.map((row) => row.actorUserId),
      { requestId, actor },
    );
    return {
      entries: rows.map((row) => {
        const known = actors.get(row.actorUserId);
        return {
          id: row.id,
          action: row.action,
          actor: { id: row.actorUserId, username: known?.username ?? null, email: known?.email ?? null },
          target: row.targetType ? { type: row.targetType, id: row.targetId } : null,
          before: row.oldValue ?? null,
          after: row.newValue ?? null,
          requestId: row.requestId,
          createdAt: row.createdAt.toISOString(),
        };
      }),
      pagination: adminPaginationOf(page, limit, total),
    };
  }
}
