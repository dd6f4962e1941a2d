import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  ADMIN_BROKERAGE_CHANGE_RPC_TIMEOUT_MS,
  AdminBrokerageMessages,
  AdminBrokerageRpc,
  AdminDeleteSnaptradeUserRpcCall,
  AdminDeleteSpecificConnectionRpcCall,
  AdminListConnectionsRpcCall,
  AdminRemoveBrokerageRpcCall,
  AdminTargetUserRpcCall,
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageAdminRpc,
  IdentityErrorCode,
  IdentityUsersRpc,
  type AdminAllConnectionsRpcReply,
  type AdminBrokerageChangeRpcReply,
  type AdminConnectionView,
  type AdminProviderUsersRpcReply,
  type AdminProviderUserView,
  type AdminUserConnectionsRpcReply,
  type AdminUserHoldingsRpcReply,
  type LookupUsersRpcReply,
  type RpcRequest,
  type UserRefView,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { AdminAuditRecorder } from '../audit/admin-audit.recorder';
import { lookUpUsers } from '../rpc/identity-users.lookup';
import { requireAdmin } from '../rpc/require-admin';
import { IDENTITY_RPC_CLIENT } from '../rpc/service-rpc-client.module';
import { BROKERAGE_RPC_CLIENT } from './brokerage-rpc-client.module';

type Context = Pick<RpcRequest<unknown>, 'requestId' | 'actor'>;
const userRef = (user: UserRefView | undefined) => ({ username: user?.username ?? null, email: user?.email ?? null });

/**
 * The admin panel's brokerage tools (All Connections, SnapTrade Users, User Details; docs/product.md#admin-panel): the
 * brokerage service owns the data and does the work with whichever provider is configured (and checks admin rights
 * again), identity names the users. A named target user must exist (404 USER_NOT_FOUND). Each removal is recorded
 * in the audit log once the brokerage committed it.
 */
@Controller()
export class AdminBrokerageController {
  constructor(
    @Inject(BROKERAGE_RPC_CLIENT) private readonly brokerage: RpcClient,
    @Inject(IDENTITY_RPC_CLIENT) private readonly identity: RpcClient,
    private readonly auditLog: AdminAuditRecorder,
  ) {}

  @MessagePattern(AdminBrokerageRpc.allConnections)
  async allConnections(
    @Payload() { actor, payload, requestId }: AdminListConnectionsRpcCall,
  ): Promise<{ connections: AdminConnectionView[]; total: number }> {
    requireAdmin(actor);
    const context = { requestId, actor };
    const reply = await this.read<AdminAllConnectionsRpcReply>(BrokerageAdminRpc.allConnections, payload, context);
    const users = await lookUpUsers(
      this.identity,
      reply.connections.map((connection) => connection.userId),
      context,
    );
    return {
      total: reply.total,
      connections: reply.connections.map((connection) => ({
        ...connection,
        user: userRef(users.get(connection.userId)),
      })),
    };
  }

  @MessagePattern(AdminBrokerageRpc.providerUsers)
  async providerUsers(
    @Payload() { actor, requestId }: ActorOnlyRpcCall,
  ): Promise<Omit<AdminProviderUsersRpcReply, 'users'> & { users: AdminProviderUserView[] }> {
    requireAdmin(actor);
    const context = { requestId, actor };
    const reply = await this.read<AdminProviderUsersRpcReply>(BrokerageAdminRpc.providerUsers, {}, context);
    const users = await lookUpUsers(
      this.identity,
      reply.users.flatMap((user) => (user.userId ? [user.userId] : [])),
      context,
    );
    return {
      ...reply,
      users: reply.users.map((user) => ({ ...user, user: user.userId ? userRef(users.get(user.userId)) : null })),
    };
  }

  @MessagePattern(AdminBrokerageRpc.userConnections)
  async userConnections(
    @Payload() { actor, payload, requestId }: AdminTargetUserRpcCall,
  ): Promise<AdminUserConnectionsRpcReply> {
    requireAdmin(actor);
    await this.requireUser(payload.targetUserId, { requestId, actor });
    return this.read(BrokerageAdminRpc.userConnections, { targetUserId: payload.targetUserId }, { requestId, actor });
  }

  @MessagePattern(AdminBrokerageRpc.userHoldings)
  async userHoldings(
    @Payload() { actor, payload, requestId }: AdminTargetUserRpcCall,
  ): Promise<AdminUserHoldingsRpcReply> {
    requireAdmin(actor);
    await this.requireUser(payload.targetUserId, { requestId, actor });
    return this.read(BrokerageAdminRpc.userHoldings, { targetUserId: payload.targetUserId }, { requestId, actor });
  }

  @MessagePattern(AdminBrokerageRpc.deleteConnections)
  async deleteConnections(@Payload() request: AdminTargetUserRpcCall): Promise<AdminBrokerageChangeRpcReply> {
    const { targetUserId } = request.payload;
    return this.change(request, BrokerageAdminRpc.deleteConnections, 'brokerage.delete-connections', { targetUserId });
  }

  @MessagePattern(AdminBrokerageRpc.deleteConnection)
  async deleteConnection(
    @Payload() request: AdminDeleteSpecificConnectionRpcCall,
  ): Promise<AdminBrokerageChangeRpcReply> {
    const { targetUserId, connectionId } = request.payload;
    return this.change(request, BrokerageAdminRpc.deleteConnection, 'brokerage.delete-specific-connection', {
      targetUserId,
      connectionId,
    });
  }

  /** A brokerage authorization is the provider's name for a connection: the same removal. */
  @MessagePattern(AdminBrokerageRpc.removeBrokerage)
  async removeBrokerage(@Payload() request: AdminRemoveBrokerageRpcCall): Promise<AdminBrokerageChangeRpcReply> {
    const { targetUserId, brokerageAuthorizationId } = request.payload;
    return this.change(request, BrokerageAdminRpc.deleteConnection, 'brokerage.remove-brokerage', {
      targetUserId,
      connectionId: brokerageAuthorizationId,
    });
  }

  /** targetUserId may be absent for a provider user without our record (the brokerage checks it is that user's). */
  @MessagePattern(AdminBrokerageRpc.deleteProviderUser)
  async deleteProviderUser(@Payload() request: AdminDeleteSnaptradeUserRpcCall): Promise<AdminBrokerageChangeRpcReply> {
    const { actor, payload, requestId } = request;
    requireAdmin(actor);
    const reply = await this.brokerage.request<object, AdminBrokerageChangeRpcReply>(
      BrokerageAdminRpc.deleteProviderUser,
      { snaptradeUserId: payload.snaptradeUserId, targetUserId: payload.targetUserId },
      { requestId, actor },
      ADMIN_BROKERAGE_CHANGE_RPC_TIMEOUT_MS,
    );
    await this.auditLog.record(request, {
      action: 'brokerage.delete-snaptrade-user',
      target: reply.userId
        ? { type: 'user', id: reply.userId }
        : { type: 'provider-user', id: payload.snaptradeUserId },
      before: reply.before,
      after: reply.after,
    });
    return reply;
  }

  private async change(
    request: RpcRequest<{ targetUserId: string }>,
    pattern: string,
    action: string,
    payload: object,
  ): Promise<AdminBrokerageChangeRpcReply> {
    const { actor, requestId } = request;
    requireAdmin(actor);
    await this.requireUser(request.payload.targetUserId, { requestId, actor });
    const reply = await this.brokerage.request<object, AdminBrokerageChangeRpcReply>(
      pattern,
      payload,
      { requestId, actor },
      ADMIN_BROKERAGE_CHANGE_RPC_TIMEOUT_MS,
    );
    await this.auditLog.record(request, {
      action,
      target: { type: 'user', id: request.payload.targetUserId },
      before: reply.before,
      after: { ...reply.after, removedConnections: reply.removedConnections },
    });
    return reply;
  }

  private read<T>(pattern: string, payload: object, context: Context): Promise<T> {
    return this.brokerage.request<object, T>(pattern, payload, context, BROKERAGE_READ_RPC_TIMEOUT_MS);
  }

  /** The target must be a user (asked of identity: its 503 goes back when it does not answer). */
  private async requireUser(userId: string, context: Context): Promise<void> {
    const { users } = await this.identity.request<object, LookupUsersRpcReply>(
      IdentityUsersRpc.lookup,
      { ids: [userId] },
      context,
    );
    if (!users.some((user) => user.id === userId))
      throw DomainException.notFound(AdminBrokerageMessages.userNotFound, IdentityErrorCode.USER_NOT_FOUND);
  }
}
