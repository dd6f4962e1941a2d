import { Inject, Injectable } from '@nestjs/common';
import {
  ORDERS_PAGE_MAX,
  type BalancesView,
  type BrokerageAccountView,
  type OrderView,
  type PositionView,
  type QuoteView,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { ProviderUsers } from '../../connections/provider-users.service';
import { SyncBrokerageLinkUseCase } from '../../connections/use-cases/sync-brokerage-link.use-case';
import { BalanceSnapshots } from '../../portfolio-history/balance-snapshots.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import type { ProviderOrder, ProviderUserCredentials } from '../../provider/provider.types';
import {
  toAccountView,
  toBalancesView,
  toOrderView,
  toPositionView,
  toQuoteView,
} from '../mappers/account-views.mapper';
import { OrderListCache, compareNewestFirst, orderCursorAfter, orderKeyOf, pageAfter } from '../order-pages';
import { OwnedAccounts } from '../owned-accounts.service';

const MAX_POSITIONS = 2_000;

/** The dashboard's data: accounts, then balances, positions and orders of one owned account, straight from the provider. */
@Injectable()
export class ReadAccountDataUseCase {
  private readonly orderLists = new OrderListCache();

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

  /**
   * One page of the account's orders of the last 30 days, newest first (order-pages.ts), with the cursor of the next
   * page (null on the last). Pages keep every reply far under NATS's 1 MB max_payload however long the history is.
   * From the provider's own paging where it has one (the paper broker); otherwise its whole list, kept briefly for
   * the pages after the first.
   */
  async orders(
    userId: string,
    accountId: string,
    page: { cursor?: string; limit?: number },
    correlationId: string,
  ): Promise<{ orders: OrderView[]; nextCursor: string | null }> {
    const after = page.cursor === undefined ? null : orderKeyOf(page.cursor);
    if (after === null && page.cursor !== undefined) throw DomainException.badRequest('cursor is not valid');
    const limit = Math.min(page.limit ?? ORDERS_PAGE_MAX, ORDERS_PAGE_MAX);
    const credentials = await this.ownedCredentials(userId, accountId, correlationId);
    // One order more than the page says whether another page follows.
    const rows = this.provider.listOrdersPage
      ? await withProviderErrors(() =>
          this.provider.listOrdersPage!(credentials, accountId, { after, limit: limit + 1 }),
        )
      : pageAfter(await this.wholeOrderList(credentials, userId, accountId, after !== null, limit), after, limit + 1);
    const orders = rows.slice(0, limit);
    return {
      orders: orders.map(toOrderView),
      nextCursor: rows.length > limit ? orderCursorAfter(orders.at(-1)!) : null,
    };
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

  /**
   * The provider's list, sorted newest first; a later page reuses the list its first page fetched when this replica
   * still has it. A list longer than a page is kept for those pages.
   */
  private async wholeOrderList(
    credentials: ProviderUserCredentials,
    userId: string,
    accountId: string,
    laterPage: boolean,
    limit: number,
  ): Promise<ProviderOrder[]> {
    const key = `${userId}:${accountId}`;
    const kept = laterPage ? this.orderLists.get(key) : undefined;
    if (kept) return kept;
    const listed = await withProviderErrors(() => this.provider.listOrders(credentials, accountId));
    const sorted = [...listed].sort(compareNewestFirst);
    if (sorted.length > limit) this.orderLists.set(key, sorted);
    return sorted;
  }

  private async ownedCredentials(userId: string, accountId: string, correlationId: string) {
    const { credentials } = await this.providerUsers.require(userId);
    await this.owned.assertOwned(userId, accountId, correlationId);
    return credentials;
  }
}
