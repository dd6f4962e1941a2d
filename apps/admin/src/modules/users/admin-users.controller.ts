import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminListUsersRpcCall,
  AdminPanelRpc,
  AdminToggleAdminRpcCall,
  AdminUsersMessages,
  IdentityAdminUsersRpc,
  type IdentityAdminUsersRpcReply,
  type IdentitySetAdminRpcReply,
  type ToggleAdminResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminAuditRecorder } from '../audit/admin-audit.recorder';
import { requireAdmin } from '../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../rpc/service-rpc-client.module';

/**
 * The admins' Users tab. Identity owns users and roles (and enforces self / last-admin rules under lock);
 * this service checks the caller, forwards, and records each real role change in the audit log once identity
 * committed it (no cross-service transaction: a failed audit insert fails the call, the change stands).
 */
@Controller()
export class AdminUsersController {
  constructor(
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
    private readonly auditLog: AdminAuditRecorder,
  ) {}

  @MessagePattern(AdminPanelRpc.listUsers)
  list(@Payload() { actor, payload, requestId }: AdminListUsersRpcCall): Promise<IdentityAdminUsersRpcReply> {
    requireAdmin(actor);
    return this.identity.request(IdentityAdminUsersRpc.list, payload, { requestId, actor });
  }

  @MessagePattern(AdminPanelRpc.toggleAdmin)
  async toggleAdmin(@Payload() request: AdminToggleAdminRpcCall): Promise<Omit<ToggleAdminResponse, 'success'>> {
    const { actor, payload, requestId } = request;
    requireAdmin(actor);
    const reply = await this.identity.request<object, IdentitySetAdminRpcReply>(
      IdentityAdminUsersRpc.setAdmin,
      { targetUserId: payload.targetUserId, isAdmin: payload.isAdmin },
      { requestId, actor },
    );
    if (reply.changed)
      await this.auditLog.record(request, {
        action: 'user.toggle-admin',
        target: { type: 'user', id: reply.user.id },
        before: reply.before,
        after: reply.after,
      });
    const { username } = reply.user;
    return {
      message: reply.user.isAdmin ? AdminUsersMessages.granted(username) : AdminUsersMessages.revoked(username),
      user: reply.user,
    };
  }
}
