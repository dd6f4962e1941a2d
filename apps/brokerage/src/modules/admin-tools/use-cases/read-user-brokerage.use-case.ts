import { Injectable } from '@nestjs/common';
import type { AdminHoldingView, AdminUserConnectionsRpcReply } from '@copytrade/contracts';
import { toAccountView } from '../../accounts/mappers/account-views.mapper';
import { ReadAccountDataUseCase } from '../../accounts/use-cases/read-account-data.use-case';
import { toConnectionRecord } from '../../connections/connection-views.mapper';
import { ProviderUsers } from '../../connections/provider-users.service';
import { SyncBrokerageLinkUseCase } from '../../connections/use-cases/sync-brokerage-link.use-case';

/**
 * User Details' Connections and Holdings tabs: the user's link read live from the provider (the same sync the
 * user's own reads run, so what changed is recorded and announced), and the positions of each active account. A
 * user who never registered with the provider has none of either.
 */
@Injectable()
export class ReadUserBrokerageUseCase {
  constructor(
    private readonly providerUsers: ProviderUsers,
    private readonly sync: SyncBrokerageLinkUseCase,
    private readonly accounts: ReadAccountDataUseCase,
  ) {}

  async connections(userId: string, correlationId: string): Promise<AdminUserConnectionsRpcReply> {
    if (!(await this.providerUsers.find(userId))) return { snaptradeUserId: null, connections: [], accounts: [] };
    const link = await this.sync.execute(userId, correlationId);
    return {
      snaptradeUserId: link.providerUserId,
      connections: link.connections.map(toConnectionRecord),
      accounts: link.accounts.map(toAccountView),
    };
  }

  /** Positions of every active account, in account order (the primary first). */
  async holdings(userId: string, correlationId: string): Promise<AdminHoldingView[]> {
    if (!(await this.providerUsers.find(userId))) return [];
    const link = await this.sync.execute(userId, correlationId);
    const holdings: AdminHoldingView[] = [];
    for (const accountId of link.activeAccountIds)
      for (const position of await this.accounts.positions(userId, accountId, correlationId))
        holdings.push({ ...position, accountId });
    return holdings;
  }
}
