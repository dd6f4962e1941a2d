import { Inject, Injectable } from '@nestjs/common';
import {
  AdminBrokerageMessages,
  BrokerageDisconnected,
  ProviderUserDeleted,
  type AdminBrokerageChangeRpcReply,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountEntity } from '../../accounts/entities/account.entity';
import { ConnectionEntity } from '../../connections/entities/connection.entity';
import { ProviderUserEntity } from '../../connections/entities/provider-user.entity';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { withProviderErrors } from '../../provider/provider-error.mapper';

const notFound = () => DomainException.notFound(AdminBrokerageMessages.providerUserNotFound, 'PROVIDER_USER_NOT_FOUND');

/**
 * delete-snaptrade-user: deletes the user at the provider (its connections go with it there), then our record of
 * it, its connections and accounts. In the transaction of the deletion: a BrokerageDisconnected per connection that
 * was active (link version v + 1, nothing connected) and ProviderUserDeleted (v + 2), so identity clears the user's
 * provider id and brokerageConnected; the version reached is kept (provider_user_deletions) for a later
 * registration to continue above it. Under the registration's per-user lock, so a registration cannot interleave.
 * A provider user without a record of ours (an orphan at the provider) is deleted there only, without events.
 */
@Injectable()
export class DeleteProviderUserUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(
    providerUserId: string,
    targetUserId: string | undefined,
    correlationId: string,
  ): Promise<AdminBrokerageChangeRpcReply> {
    const record = await this.dataSource
      .getRepository(ProviderUserEntity)
      .findOneBy({ provider: this.provider.name, providerUserId });
    if (record && targetUserId && record.userId !== targetUserId)
      throw new DomainException(409, 'PROVIDER_USER_MISMATCH', AdminBrokerageMessages.providerUserOfAnother);
    if (!record) {
      if (targetUserId) throw notFound();
      return this.deleteOrphan(providerUserId);
    }
    return this.dataSource.transaction((manager) => this.deleteRegistered(manager, record.userId, correlationId));
  }

  private async deleteOrphan(providerUserId: string): Promise<AdminBrokerageChangeRpcReply> {
    const listed = await withProviderErrors(() => this.provider.listUsers());
    if (!listed.includes(providerUserId)) throw notFound();
    await withProviderErrors(() => this.provider.deleteUser(providerUserId));
    return {
      userId: null,
      removedConnections: [],
      before: { snaptradeUserId: providerUserId, hasDbRecord: false, existsAtProvider: true },
      after: { snaptradeUserId: providerUserId, existsAtProvider: false },
    };
  }

  private async deleteRegistered(
    manager: EntityManager,
    userId: string,
    correlationId: string,
  ): Promise<AdminBrokerageChangeRpcReply> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`brokerage.register:${userId}`]);
    const record = await manager.findOne(ProviderUserEntity, {
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!record) throw notFound();
    const connections = await manager.findBy(ConnectionEntity, { userId });
    const accounts = await manager.findBy(AccountEntity, { userId });
    await withProviderErrors(async () => {
      try {
        await this.provider.deleteUser(record.providerUserId);
      } catch (error) {
        // Already gone at the provider: what is left to do is forgetting it here.
        if (!(error instanceof ProviderError && error.kind === 'USER_NOT_FOUND')) throw error;
      }
    });
    await manager.delete(ProviderUserEntity, { userId }); // its connections and accounts cascade
    const disconnectedVersion = Number(record.stateVersion) + 1;
    const deletedVersion = disconnectedVersion + 1;
    await manager.query(
      `INSERT INTO brokerage.provider_user_deletions (user_id, state_version) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET state_version = EXCLUDED.state_version, deleted_at = now()`,
      [userId, deletedVersion],
    );
    const occurredAt = new Date().toISOString();
    const meta = { correlationId, aggregateId: `brokerage-link:${userId}` };
    const link = {
      userId,
      providerUserId: record.providerUserId,
      provider: record.provider,
      brokerageConnected: false,
      accountIds: [],
      stateVersion: disconnectedVersion,
    };
    const active = connections.filter((connection) => !connection.disabled);
    for (const connection of active) {
      const ref = {
        connectionId: connection.id,
        brokerage: { slug: connection.brokerageSlug, name: connection.brokerageName },
        accountIds: accounts.filter((account) => account.connectionId === connection.id).map((account) => account.id),
      };
      await this.outbox.add(
        manager,
        BrokerageDisconnected,
        { userId, connection: ref, reason: 'REMOVED', link, occurredAt },
        meta,
      );
    }
    await this.outbox.add(
      manager,
      ProviderUserDeleted,
      {
        userId,
        providerUserId: record.providerUserId,
        provider: record.provider,
        stateVersion: deletedVersion,
        occurredAt,
      },
      // Its own aggregate: the consumers of deletions never saw the link's earlier versions (they order by aggregate).
      { correlationId, aggregateId: `provider-user-deletion:${userId}` },
    );
    return {
      userId,
      removedConnections: connections.map((connection) => connection.id),
      before: {
        snaptradeUserId: record.providerUserId,
        connections: connections.map(({ id, disabled }) => ({ id, disabled })),
      },
      after: { snaptradeUserId: null, connections: [] },
    };
  }
}
