import { Injectable } from '@nestjs/common';
import { Messages, type RpcRequest } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminAuditLogEntity } from './entities/admin-audit-log.entity';

/** One admin action as the audit log keeps it. */
export interface AdminAuditEntry {
  /** Dotted verb on a resource: 'user.toggle-admin', 'trade.share', 'feedback.status', 'connection.delete', … */
  action: string;
  target?: { type: string; id: string | null };
  /** The state before and after the action (null when there was none: a creation, a deletion). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records admin actions in the audit log (actor from the RPC envelope, never from a payload). Usage:
 * `await audit.record(request, { action: 'trade.share', target: { type: 'trade', id }, before, after }, manager?)`
 * — pass the transaction's manager when the change is this service's own, so the row commits with it;
 * after another service's change, record once it answered (no cross-service transaction).
 */
@Injectable()
export class AdminAuditRecorder {
  constructor(private readonly dataSource: DataSource) {}

  async record(
    request: Pick<RpcRequest<unknown>, 'actor' | 'requestId'>,
    entry: AdminAuditEntry,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (!request.actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    await manager.insert(AdminAuditLogEntity, {
      actorUserId: request.actor.userId,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      // TypeORM JSON-encodes jsonb values (a bare `false` or string included); undefined is stored as null.
      oldValue: (entry.before ?? null) as object,
      newValue: (entry.after ?? null) as object,
      requestId: request.requestId,
    });
  }
}
