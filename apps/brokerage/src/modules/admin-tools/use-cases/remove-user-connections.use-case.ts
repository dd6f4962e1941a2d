import { Injectable } from '@nestjs/common';
import {
  AdminBrokerageMessages,
  BrokerageErrorCode,
  BrokerageMessages,
  type AdminBrokerageChangeRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { ProviderUsers } from '../../connections/provider-users.service';
import { ManageConnectionUseCase } from '../../connections/use-cases/manage-connection.use-case';
import { SyncBrokerageLinkUseCase } from '../../connections/use-cases/sync-brokerage-link.use-case';

const stateOf = (connections: Array<{ id: string; disabled: boolean }>) => ({
  connections: connections.map(({ id, disabled }) => ({ id, disabled })),
});

/**
 * An admin removes a user's connections: one (delete-specific-connection, remove-brokerage: a brokerage
 * authorization is the provider's name for a connection) or all of them (delete-connection). Each goes through the
 * user's own removal (ManageConnectionUseCase.remove: at the provider, then the sync that records it and publishes
 * BrokerageDisconnected, so identity's brokerageConnected follows). The provider registration stays.
 */
@Injectable()
export class RemoveUserConnectionsUseCase {
  constructor(
    private readonly providerUsers: ProviderUsers,
    private readonly sync: SyncBrokerageLinkUseCase,
    private readonly manage: ManageConnectionUseCase,
  ) {}

  async removeOne(userId: string, connectionId: string, correlationId: string): Promise<AdminBrokerageChangeRpcReply> {
    const before = await this.currentConnections(userId, correlationId);
    if (!before.some((connection) => connection.id === connectionId))
      throw DomainException.notFound(BrokerageMessages.connectionNotFound, BrokerageErrorCode.CONNECTION_NOT_FOUND);
    await this.manage.remove(userId, connectionId, correlationId);
    return this.outcome(userId, before, [connectionId], correlationId);
  }

  async removeAll(userId: string, correlationId: string): Promise<AdminBrokerageChangeRpcReply> {
    const before = await this.currentConnections(userId, correlationId);
    for (const connection of before) await this.manage.remove(userId, connection.id, correlationId);
    return this.outcome(
      userId,
      before,
      before.map((connection) => connection.id),
      correlationId,
    );
  }

  /** Read live: a connection made at the provider since the last sync can be removed too. */
  private async currentConnections(userId: string, correlationId: string) {
    if (!(await this.providerUsers.find(userId)))
      throw DomainException.notFound(
        AdminBrokerageMessages.notRegistered,
        BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
      );
    return (await this.sync.execute(userId, correlationId)).connections;
  }

  private async outcome(
    userId: string,
    before: Array<{ id: string; disabled: boolean }>,
    removed: string[],
    correlationId: string,
  ): Promise<AdminBrokerageChangeRpcReply> {
    const after = (await this.sync.execute(userId, correlationId)).connections;
    return { userId, removedConnections: removed, before: stateOf(before), after: stateOf(after) };
  }
}
