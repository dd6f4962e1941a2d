import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BrokerageRpc,
  ConnectionPortalRpcCall,
  ConnectionRpcCall,
  UserScopedRpcCall,
  type ConnectionPortalRpcReply,
  type ListConnectionsRpcReply,
  type ProviderCredentialsRpcReply,
  type RefreshConnectionRpcReply,
  type RegisterProviderUserRpcReply,
} from '@copytrade/contracts';
import { assertOwnUser } from '../../common/own-user';
import { toConnectionRecord } from './connection-views.mapper';
import { ProviderUsers } from './provider-users.service';
import { CreateConnectionPortalUseCase } from './use-cases/create-connection-portal.use-case';
import { ManageConnectionUseCase } from './use-cases/manage-connection.use-case';
import { RegisterProviderUserUseCase } from './use-cases/register-provider-user.use-case';
import { SyncBrokerageLinkUseCase } from './use-cases/sync-brokerage-link.use-case';

/** Provider registration, the connection portal and connections. Every request is for the actor's own user id. */
@Controller()
export class ConnectionsController {
  constructor(
    private readonly register: RegisterProviderUserUseCase,
    private readonly providerUsers: ProviderUsers,
    private readonly portal: CreateConnectionPortalUseCase,
    private readonly sync: SyncBrokerageLinkUseCase,
    private readonly manage: ManageConnectionUseCase,
  ) {}

  @MessagePattern(BrokerageRpc.registerUser)
  async registerUser(
    @Payload() { actor, payload, requestId }: UserScopedRpcCall,
  ): Promise<RegisterProviderUserRpcReply> {
    assertOwnUser(actor, payload.userId);
    return this.register.execute(payload.userId, requestId);
  }

  /** The secret, decrypted for its owner only (settings shows it masked until asked). */
  @MessagePattern(BrokerageRpc.getCredentials)
  async credentials(@Payload() { actor, payload }: UserScopedRpcCall): Promise<ProviderCredentialsRpcReply> {
    assertOwnUser(actor, payload.userId);
    const { credentials } = await this.providerUsers.require(payload.userId);
    return { providerUserId: credentials.userId, userSecret: credentials.userSecret };
  }

  @MessagePattern(BrokerageRpc.connectionPortal)
  async connectionPortal(@Payload() { actor, payload }: ConnectionPortalRpcCall): Promise<ConnectionPortalRpcReply> {
    assertOwnUser(actor, payload.userId);
    return this.portal.execute(payload);
  }

  @MessagePattern(BrokerageRpc.listConnections)
  async listConnections(@Payload() { actor, payload, requestId }: UserScopedRpcCall): Promise<ListConnectionsRpcReply> {
    assertOwnUser(actor, payload.userId);
    const link = await this.sync.execute(payload.userId, requestId);
    return {
      providerUserId: link.providerUserId,
      connections: link.connections.map(toConnectionRecord),
      accountIds: link.activeAccountIds,
    };
  }

  @MessagePattern(BrokerageRpc.removeConnection)
  async removeConnection(@Payload() { actor, payload, requestId }: ConnectionRpcCall): Promise<{ removed: true }> {
    assertOwnUser(actor, payload.userId);
    await this.manage.remove(payload.userId, payload.connectionId, requestId);
    return { removed: true };
  }

  @MessagePattern(BrokerageRpc.refreshConnection)
  async refreshConnection(@Payload() { actor, payload }: ConnectionRpcCall): Promise<RefreshConnectionRpcReply> {
    assertOwnUser(actor, payload.userId);
    return this.manage.refresh(payload.userId, payload.connectionId);
  }
}
