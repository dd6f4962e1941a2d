import { Injectable } from '@nestjs/common';
import {
  AdminUsersErrorCode,
  AdminUsersMessages,
  IdentityErrorCode,
  Messages,
  UserRoleChanged,
  type IdentitySetAdminRpcReply,
  type RpcRequest,
  type ToggleAdminDto,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter, runAfterCommit } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { requireAdmin } from '../../../common/actor';
import { SessionInvalidations } from '../../sessions/session-invalidations';
import { UserEntity } from '../../users/entities/user.entity';
import { toAdminUserView } from '../mappers/admin-user-view.mapper';

/**
 * Grants or revokes admin rights (toggle-admin). Never on oneself, and never leaving the platform without an
 * admin: the acting admin's, the target's and every admin's rows are locked (in id order, so two admins
 * demoting each other at once queue instead of both succeeding), the actor must still be an admin once locked,
 * and the admins are counted. A real change writes UserRoleChanged in the same transaction; once committed,
 * every gateway drops the target's cached sessions, so the new role holds from their very next request.
 */
@Injectable()
export class SetAdminUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly sessions: SessionInvalidations,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<ToggleAdminDto>): Promise<IdentitySetAdminRpcReply> {
    const { userId: actorId } = requireAdmin(actor);
    const { targetUserId, isAdmin } = payload;
    if (targetUserId === actorId)
      throw new DomainException(400, AdminUsersErrorCode.OWN_ADMIN_STATUS, AdminUsersMessages.ownStatus);

    return this.dataSource.transaction(async (manager) => {
      const locked: { id: string; is_admin: boolean }[] = await manager.query(
        `SELECT id, is_admin FROM identity.users WHERE is_admin OR id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [[actorId, targetUserId]],
      );
      if (!locked.some((row) => row.id === actorId && row.is_admin))
        throw DomainException.forbidden(Messages.adminOnly);
      const target = await manager.findOneBy(UserEntity, { id: targetUserId });
      if (!target) throw DomainException.notFound(AdminUsersMessages.userNotFound, IdentityErrorCode.USER_NOT_FOUND);
      const before = { isAdmin: target.isAdmin };
      if (target.isAdmin === isAdmin) return { user: toAdminUserView(target), before, after: before, changed: false };
      const admins = locked.filter((row) => row.is_admin).length;
      if (!isAdmin && admins <= 1)
        throw new DomainException(409, AdminUsersErrorCode.LAST_ADMIN, AdminUsersMessages.lastAdmin);

      await manager.update(UserEntity, { id: targetUserId }, { isAdmin });
      await this.outbox.add(
        manager,
        UserRoleChanged,
        {
          userId: targetUserId,
          isAdmin,
          previousIsAdmin: target.isAdmin,
          changedByUserId: actorId,
          changedAt: new Date().toISOString(),
        },
        { correlationId: requestId, aggregateId: `user-role:${targetUserId}` },
      );
      await runAfterCommit(manager, () => this.sessions.userChanged(targetUserId));
      return { user: toAdminUserView({ ...target, isAdmin }), before, after: { isAdmin }, changed: true };
    });
  }
}
