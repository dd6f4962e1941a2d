import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_PROVIDER_USERS_LISTED_MAX,
  type AdminProviderUserRow,
  type AdminProviderUsersRpcReply,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { ProviderUserEntity } from '../../connections/entities/provider-user.entity';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { withProviderErrors } from '../../provider/provider-error.mapper';

/**
 * SnapTrade Users (docs/product.md#admin-panel): the users the configured provider lists, each with whether we hold a
 * record of it (brokerage.provider_users), then our records the provider no longer lists (orphaned). The totals count
 * them all; the list stops at ADMIN_PROVIDER_USERS_LISTED_MAX.
 */
@Injectable()
export class ListProviderUsersUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(): Promise<AdminProviderUsersRpcReply> {
    const [atProvider, records] = await Promise.all([
      withProviderErrors(() => this.provider.listUsers()),
      this.dataSource.getRepository(ProviderUserEntity).findBy({ provider: this.provider.name }),
    ]);
    const byProviderId = new Map(records.map((record) => [record.providerUserId, record]));
    const listed = new Set(atProvider);
    const users: AdminProviderUserRow[] = atProvider.map((snaptradeUserId) => {
      const record = byProviderId.get(snaptradeUserId);
      return {
        snaptradeUserId,
        userId: record?.userId ?? null,
        hasDbRecord: Boolean(record),
        existsAtProvider: true,
        createdAt: record?.createdAt.toISOString() ?? null,
      };
    });
    const orphaned = records.filter((record) => !listed.has(record.providerUserId));
    for (const record of orphaned)
      users.push({
        snaptradeUserId: record.providerUserId,
        userId: record.userId,
        hasDbRecord: true,
        existsAtProvider: false,
        createdAt: record.createdAt.toISOString(),
      });
    return {
      provider: this.provider.name,
      totalSnapTradeUsers: atProvider.length,
      usersWithDbRecord: atProvider.filter((id) => byProviderId.has(id)).length,
      orphanedDbUsers: orphaned.length,
      users: users.slice(0, ADMIN_PROVIDER_USERS_LISTED_MAX),
    };
  }
}
