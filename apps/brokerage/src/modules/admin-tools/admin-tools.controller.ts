import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  AdminDeleteSnaptradeUserRpcCall,
  AdminDeleteSpecificConnectionRpcCall,
  AdminListConnectionsRpcCall,
  AdminTargetUserRpcCall,
  BrokerageAdminRpc,
  type AdminAllConnectionsRpcReply,
  type AdminBrokerageChangeRpcReply,
  type AdminProviderUsersRpcReply,
  type AdminUserConnectionsRpcReply,
  type AdminUserHoldingsRpcReply,
} from '@copytrade/contracts';
import { requireAdmin } from './require-admin';
import { DeleteProviderUserUseCase } from './use-cases/delete-provider-user.use-case';
import { ListAllConnectionsUseCase } from './use-cases/list-all-connections.use-case';
import { ListProviderUsersUseCase } from './use-cases/list-provider-users.use-case';
import { ReadUserBrokerageUseCase } from './use-cases/read-user-brokerage.use-case';
import { RemoveUserConnectionsUseCase } from './use-cases/remove-user-connections.use-case';

/**
 * rpc.brokerage.admin.*: the admin panel's brokerage tools over any user's data, with whichever provider is
 * configured (SnapTrade or the paper broker). Admins only; called by the admin service, which audits the changes.
 */
@Controller()
export class AdminToolsController {
  constructor(
    private readonly allConnections: ListAllConnectionsUseCase,
    private readonly providerUsers: ListProviderUsersUseCase,
    private readonly userBrokerage: ReadUserBrokerageUseCase,
    private readonly removeConnections: RemoveUserConnectionsUseCase,
    private readonly deleteUser: DeleteProviderUserUseCase,
  ) {}

  @MessagePattern(BrokerageAdminRpc.allConnections)
  async listAll(@Payload() { actor, payload }: AdminListConnectionsRpcCall): Promise<AdminAllConnectionsRpcReply> {
    requireAdmin(actor);
    return this.allConnections.execute(payload.page, payload.limit);
  }

  @MessagePattern(BrokerageAdminRpc.providerUsers)
  async listProviderUsers(@Payload() { actor }: ActorOnlyRpcCall): Promise<AdminProviderUsersRpcReply> {
    requireAdmin(actor);
    return this.providerUsers.execute();
  }

  @MessagePattern(BrokerageAdminRpc.userConnections)
  async userConnections(
    @Payload() { actor, payload, requestId }: AdminTargetUserRpcCall,
  ): Promise<AdminUserConnectionsRpcReply> {
    requireAdmin(actor);
    return this.userBrokerage.connections(payload.targetUserId, requestId);
  }

  @MessagePattern(BrokerageAdminRpc.userHoldings)
  async userHoldings(
    @Payload() { actor, payload, requestId }: AdminTargetUserRpcCall,
  ): Promise<AdminUserHoldingsRpcReply> {
    requireAdmin(actor);
    return { holdings: await this.userBrokerage.holdings(payload.targetUserId, requestId) };
  }

  @MessagePattern(BrokerageAdminRpc.deleteConnections)
  async deleteConnections(
    @Payload() { actor, payload, requestId }: AdminTargetUserRpcCall,
  ): Promise<AdminBrokerageChangeRpcReply> {
    requireAdmin(actor);
    return this.removeConnections.removeAll(payload.targetUserId, requestId);
  }

  @MessagePattern(BrokerageAdminRpc.deleteConnection)
  async deleteConnection(
    @Payload() { actor, payload, requestId }: AdminDeleteSpecificConnectionRpcCall,
  ): Promise<AdminBrokerageChangeRpcReply> {
    requireAdmin(actor);
    return this.removeConnections.removeOne(payload.targetUserId, payload.connectionId, requestId);
  }

  @MessagePattern(BrokerageAdminRpc.deleteProviderUser)
  async deleteProviderUser(
    @Payload() { actor, payload, requestId }: AdminDeleteSnaptradeUserRpcCall,
  ): Promise<AdminBrokerageChangeRpcReply> {
    requireAdmin(actor);
    return this.deleteUser.execute(payload.snaptradeUserId, payload.targetUserId, requestId);
  }
}
