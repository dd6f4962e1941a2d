import { Inject, Injectable } from '@nestjs/common';
import { BrokerageMessages, type RefreshConnectionRpcReply } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import { ConnectionEntity } from '../entities/connection.entity';
import { ProviderUsers } from '../provider-users.service';
import { SyncBrokerageLinkUseCase } from './sync-brokerage-link.use-case';

/** Removing a connection and the paid real-time refresh: both only on the user's own connections. */
@Injectable()
export class ManageConnectionUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly providerUsers: ProviderUsers,
    private readonly sync: SyncBrokerageLinkUseCase,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  /** Removes at the provider, then syncs, which records the change and publishes BrokerageDisconnected. */
  async remove(userId: string, connectionId: string, correlationId: string): Promise<void> {
    const known = await this.assertNotOthers(userId, connectionId);
    const { credentials } = await this.providerUsers.require(userId);
    await withProviderErrors(async () => {
      try {
        await this.provider.removeConnection(credentials, connectionId);
      } catch (error) {
        // Already gone at the provider (a second delete): what is left to do is recording it.
        if (!(known && error instanceof ProviderError && error.kind === 'CONNECTION_NOT_FOUND')) throw error;
      }
    });
    await this.sync.execute(userId, correlationId);
  }

  async refresh(userId: string, connectionId: string): Promise<RefreshConnectionRpcReply> {
    await this.assertNotOthers(userId, connectionId);
    const { credentials } = await this.providerUsers.require(userId);
    const detail = await withProviderErrors(() => this.provider.refreshConnection(credentials, connectionId));
    return { detail, charged: this.provider.name === 'snaptrade' };
  }

  private async assertNotOthers(userId: string, connectionId: string): Promise<boolean> {
    const row = await this.dataSource.getRepository(ConnectionEntity).findOneBy({ id: connectionId });
    if (row && row.userId !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
    return Boolean(row);
  }
}
