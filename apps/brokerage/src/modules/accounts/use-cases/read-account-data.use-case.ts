import { Inject, Injectable } from '@nestjs/common';
import type { BalancesView, BrokerageAccountView, OrderView, PositionView, QuoteView } from '@copytrade/contracts';
import { ProviderUsers } from '../../connections/provider-users.service';
import { SyncBrokerageLinkUseCase } from '../../connections/use-cases/sync-brokerage-link.use-case';
import { BalanceSnapshots } from '../../portfolio-history/balance-snapshots.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import {
  toAccountView,
  toBalancesView,
  toOrderView,
  toPositionView,
  toQuoteView,
} from '../mappers/account-views.mapper';
import { OwnedAccounts } from '../owned-accounts.service';

const MAX_POSITIONS = 2_000;
const MAX_ORDERS = 500;

/** The dashboard's data: accounts, then balances, positions and orders of one owned account, straight from the provider. */
@Injectable()
export class ReadAccountDataUseCase {
  constructor(
    private readonly providerUsers: ProviderUsers,
    private readonly owned: OwnedAccounts,
    private readonly sync: SyncBrokerageLinkUseCase,
    private readonly snapshots: BalanceSnapshots,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async accounts(userId: string, correlationId: string): Promise<BrokerageAccountView[]> {
    return (await this.sync.execute(userId, correlationId)).accounts.map(toAccountView);
  }

  /** Also records the portfolio chart's snapshot (at most one per account per bucket). */
  async balances(userId: string, accountId: string, correlationId: string): Promise<BalancesView> {
    const credentials = await this.ownedCredentials(userId, accountId, correlationId);
    const balance = await withProviderErrors(() => this.provider.getBalance(credentials, accountId));
    const now = new Date();
    await this.snapshots.record(userId, accountId, balance, now);
    return toBalancesView(accountId, balance, now);
  }

  async positions(userId: string, accountId: string, correlationId: string): Promise<PositionView[]> {
    const credentials = await this.ownedCredentials(userId, accountId, correlationId);
    const positions = await withProviderErrors(() => this.provider.listPositions(credentials, accountId));
    return positions.slice(0, MAX_POSITIONS).map(toPositionView);
  }

  async orders(userId: string, accountId: string, correlationId: string): Promise<OrderView[]> {
    const credentials = await this.ownedCredentials(userId, accountId, correlationId);
    const orders = await withProviderErrors(() => this.provider.listOrders(credentials, accountId));
    return orders.slice(0, MAX_ORDERS).map(toOrderView);
  }

  async quotes(
    userId: string,
    accountId: string | undefined,
    symbols: string[],
    correlationId: string,
  ): Promise<QuoteView[]> {
    const account = accountId ?? (await this.owned.primary(userId, correlationId));
    const credentials = await this.ownedCredentials(userId, account, correlationId);
    return (await withProviderErrors(() => this.provider.getQuotes(credentials, account, symbols))).map(toQuoteView);
  }

  private async ownedCredentials(userId: string, accountId: string, correlationId: string) {
    const { credentials } = await this.providerUsers.require(userId);
    await this.owned.assertOwned(userId, accountId, correlationId);
    return credentials;
  }
}
