import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isAvailableBrokerage } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { DataSource, In, MoreThanOrEqual } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import type { OrderKey } from '../accounts/order-pages';
import type { BrokerageProvider } from '../provider/brokerage-provider';
import { ProviderError } from '../provider/provider.error';
import type {
  MarketOrderRequest,
  PortalOptions,
  ProviderAccount,
  ProviderBalance,
  ProviderConnection,
  ProviderOrder,
  ProviderPosition,
  ProviderQuote,
  ProviderUserCredentials,
} from '../provider/provider.types';
import { PaperAccountEntity } from './entities/paper-account.entity';
import { PaperConnectionEntity } from './entities/paper-connection.entity';
import { PaperOrderEntity } from './entities/paper-order.entity';
import { PaperPortalSessionEntity } from './entities/paper-portal-session.entity';
import { PaperPositionEntity } from './entities/paper-position.entity';
import { PaperUserEntity } from './entities/paper-user.entity';
import { PAPER_BROKERAGE, PAPER_CURRENCY, PAPER_PORTAL_TTL_MS } from './paper-catalogue';
import { entryRefusal } from './paper-bulk-orders';
import { PaperFills } from './paper-fills';
import { unreachedLimitRefusal, withinLimit } from './paper-limit';
import { PaperOrderScripts, planOf } from './paper-order-script';
import { PaperMarketClock } from './paper-market-clock';
import { holdingsValue, toProviderOrder, toProviderPosition } from './paper-mappers';
import { PaperPriceFeed } from './paper-price-feed';

const sha256 = (value: string) => createHash('sha256').update(value).digest();
/** Paper ids are UUIDs: anything else cannot exist (and must not reach a uuid column). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const DAY_MS = 86_400_000;

/** A paper account's balance: its cash is its buying power; its value, cash and holdings. */
const paperBalance = (cash: Decimal, holdings: Decimal): ProviderBalance => ({
  currency: PAPER_CURRENCY,
  cash: cash.toFixed(2),
  buyingPower: cash.toFixed(2),
  totalValue: cash.plus(holdings).toFixed(2),
});

/**
 * The paper broker: a simulated brokerage behind the same interface as SnapTrade, so every flow works
 * without credentials. It checks user secrets, market hours, buying power and holdings like a real one,
 * and, like SnapTrade, does not deduplicate orders.
 */
@Injectable()
export class PaperBrokerProvider implements BrokerageProvider {
  readonly name = 'paper' as const;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
    private readonly clock: PaperMarketClock,
    private readonly feed: PaperPriceFeed,
    private readonly fills: PaperFills,
    private readonly scripts: PaperOrderScripts,
  ) {}

  async registerUser(userId: string): Promise<ProviderUserCredentials> {
    const userSecret = randomBytes(32).toString('base64url');
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PaperUserEntity)
      .values({ providerUserId: userId, secretHash: sha256(userSecret).toString('hex') })
      .orIgnore()
      .execute();
    if ((inserted.raw as unknown[]).length === 0)
      throw new ProviderError('USER_ALREADY_EXISTS', `User ${userId} already exists`);
    return { userId, userSecret };
  }

  async deleteUser(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(PaperPortalSessionEntity, { providerUserId: userId });
      await manager.delete(PaperConnectionEntity, { providerUserId: userId });
      const deleted = await manager.delete(PaperUserEntity, { providerUserId: userId });
      if (!deleted.affected) throw new ProviderError('USER_NOT_FOUND', `User ${userId} not found`);
    });
  }

  async listUsers(): Promise<string[]> {
    return (await this.dataSource.getRepository(PaperUserEntity).find({ order: { createdAt: 'ASC' } })).map(
      (user) => user.providerUserId,
    );
  }

  async connectionPortalUrl(user: ProviderUserCredentials, options: PortalOptions): Promise<string> {
    await this.verify(user);
    const broker = (options.broker ?? PAPER_BROKERAGE.slug).toUpperCase();
    if (!isAvailableBrokerage(broker)) throw new ProviderError('INVALID_ORDER', `Unknown brokerage ${broker}`);
    const session = await this.dataSource.getRepository(PaperPortalSessionEntity).save({
      providerUserId: user.userId,
      brokerSlug: broker,
      connectionType: options.connectionType,
      customRedirect: options.customRedirect ?? null,
      expiresAt: new Date(Date.now() + PAPER_PORTAL_TTL_MS),
    });
    // A page of the web app stands in for the provider's portal.
    return `${this.config.PUBLIC_URL}/paper/portal/${session.id}`;
  }

  async listConnections(user: ProviderUserCredentials): Promise<ProviderConnection[]> {
    await this.verify(user);
    const rows = await this.dataSource
      .getRepository(PaperConnectionEntity)
      .find({ where: { providerUserId: user.userId }, order: { createdAt: 'ASC' } });
    return rows.map((row) => ({
      id: row.id,
      name: `${PAPER_BROKERAGE.name} (Paper)`,
      type: row.type,
      disabled: row.disabled,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      brokerage: PAPER_BROKERAGE,
    }));
  }

  async removeConnection(user: ProviderUserCredentials, connectionId: string): Promise<void> {
    await this.verify(user);
    const deleted = isUuid(connectionId)
      ? await this.dataSource
          .getRepository(PaperConnectionEntity)
          .delete({ id: connectionId, providerUserId: user.userId })
      : { affected: 0 };
    if (!deleted.affected) throw new ProviderError('CONNECTION_NOT_FOUND', 'The requested resource does not exist.');
  }

  async refreshConnection(user: ProviderUserCredentials, connectionId: string): Promise<string> {
    await this.verify(user);
    const connection = isUuid(connectionId)
      ? await this.dataSource
          .getRepository(PaperConnectionEntity)
          .findOneBy({ id: connectionId, providerUserId: user.userId })
      : null;
    if (!connection) throw new ProviderError('CONNECTION_NOT_FOUND', 'The requested resource does not exist.');
    if (connection.disabled)
      throw new ProviderError(
        'CONNECTION_DISABLED',
        'Unable to sync with brokerage account because the connection is disabled.',
      );
    return `Connection ${connectionId} scheduled for refresh`;
  }

  async listAccounts(user: ProviderUserCredentials): Promise<ProviderAccount[]> {
    await this.verify(user);
    const owned = await this.dataSource
      .getRepository(PaperAccountEntity)
      .find({ where: { providerUserId: user.userId }, select: { id: true } });
    for (const { id } of owned) await this.advance(id);
    const accounts = await this.dataSource
      .getRepository(PaperAccountEntity)
      .find({ where: { providerUserId: user.userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const positions = accounts.length
      ? await this.dataSource
          .getRepository(PaperPositionEntity)
          .findBy({ accountId: In(accounts.map((account) => account.id)) })
      : [];
    const prices = await this.feed.prices(positions.map((position) => position.symbol));
    return accounts.map((account) => {
      const total = new Decimal(account.cash)
        .plus(
          holdingsValue(
            positions.filter((position) => position.accountId === account.id),
            prices,
          ),
        )
        .toDecimalPlaces(2);
      return {
        id: account.id,
        connectionId: account.connectionId,
        name: account.name,
        number: account.number,
        institutionName: PAPER_BROKERAGE.name,
        createdAt: account.createdAt.toISOString(),
        isPaper: true,
        status: 'open',
        totalValue: { amount: total.toFixed(2), currency: PAPER_CURRENCY },
        buyingPower: { amount: new Decimal(account.cash).toFixed(2), currency: PAPER_CURRENCY },
      };
    });
  }

  async getBalance(user: ProviderUserCredentials, accountId: string): Promise<ProviderBalance> {
    const account = await this.account(user, accountId);
    const positions = await this.dataSource.getRepository(PaperPositionEntity).findBy({ accountId });
    const prices = await this.feed.prices(positions.map((position) => position.symbol));
    return paperBalance(new Decimal(account.cash), holdingsValue(positions, prices));
  }

  /**
   * Many accounts' balances in two reads and one price lookup (a fan-out's page of followers): like getBalance, but
   * without a user's secret (a system read) and without moving accepted orders on (an order not filled yet is not in
   * the value until an account read applies it).
   */
  async balancesOf(accountIds: string[]): Promise<Map<string, ProviderBalance>> {
    const ids = [...new Set(accountIds.filter(isUuid))];
    if (ids.length === 0) return new Map();
    const accounts = await this.dataSource
      .getRepository(PaperAccountEntity)
      .find({ where: { id: In(ids) }, select: { id: true, cash: true } });
    const positions = await this.dataSource.getRepository(PaperPositionEntity).findBy({ accountId: In(ids) });
    const prices = await this.feed.prices(positions.map((position) => position.symbol));
    const held = new Map<string, PaperPositionEntity[]>();
    for (const position of positions) held.set(position.accountId, [...(held.get(position.accountId) ?? []), position]);
    return new Map(
      accounts.map((account) => [
        account.id,
        paperBalance(new Decimal(account.cash), holdingsValue(held.get(account.id) ?? [], prices)),
      ]),
    );
  }

  async listPositions(user: ProviderUserCredentials, accountId: string): Promise<ProviderPosition[]> {
    await this.account(user, accountId);
    const positions = await this.dataSource
      .getRepository(PaperPositionEntity)
      .find({ where: { accountId }, order: { symbol: 'ASC' } });
    const prices = await this.feed.prices(positions.map((position) => position.symbol));
    return positions.map((position) => toProviderPosition(position, prices.get(position.symbol)));
  }

  async listOrders(user: ProviderUserCredentials, accountId: string, days = 30): Promise<ProviderOrder[]> {
    await this.account(user, accountId);
    return this.ordersSince(accountId, new Date(Date.now() - Math.min(Math.max(days, 1), 90) * DAY_MS));
  }

  /**
   * A page straight from paper_orders (index on account and time placed): newest first by the stored time placed
   * (microseconds), then id. The page after an order starts below that order's own stored time, not the key's ISO
   * time (milliseconds only), so orders placed in the same millisecond are neither skipped nor repeated. A key that
   * is not one of this account's orders has nothing after it.
   */
  async listOrdersPage(
    user: ProviderUserCredentials,
    accountId: string,
    { after, limit, days = 30 }: { after: OrderKey | null; limit: number; days?: number },
  ): Promise<ProviderOrder[]> {
    await this.account(user, accountId);
    if (after && !isUuid(after.brokerageOrderId)) return [];
    const since = new Date(Date.now() - Math.min(Math.max(days, 1), 90) * DAY_MS);
    const query = this.dataSource
      .getRepository(PaperOrderEntity)
      .createQueryBuilder('o')
      .where('o.account_id = :accountId AND o.placed_at >= :since', { accountId, since })
      .orderBy('o.placedAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(limit);
    if (after)
      query.andWhere(
        `(o.placed_at, o.id) < (SELECT k.placed_at, k.id FROM brokerage.paper_orders k
                                 WHERE k.id = :afterId AND k.account_id = :accountId)`,
        { afterId: after.brokerageOrderId },
      );
    return (await query.getMany()).map(toProviderOrder);
  }

  async listRecentOrders(user: ProviderUserCredentials, accountId: string): Promise<ProviderOrder[]> {
    await this.account(user, accountId);
    return this.ordersSince(accountId, new Date(Date.now() - DAY_MS));
  }

  async getQuotes(user: ProviderUserCredentials, accountId: string, symbols: string[]): Promise<ProviderQuote[]> {
    await this.account(user, accountId);
    return this.quotes(symbols);
  }

  /** Quotes need no account in the paper market (used by its trading page). */
  async quotes(symbols: string[]): Promise<ProviderQuote[]> {
    const prices = await this.feed.prices(symbols);
    return symbols.map((symbol) => ({
      symbol,
      lastTradePrice: prices.get(symbol)!.toFixed(2),
      bid: prices.get(symbol)!.toFixed(2),
      ask: prices.get(symbol)!.toFixed(2),
    }));
  }

  async placeMarketOrder(user: ProviderUserCredentials, request: MarketOrderRequest): Promise<ProviderOrder> {
    const account = await this.account(user, request.accountId);
    const connection = await this.dataSource
      .getRepository(PaperConnectionEntity)
      .findOneByOrFail({ id: account.connectionId });
    const now = new Date();
    const refusal = entryRefusal(connection, request.order, now);
    if (refusal) throw refusal;
    if (!(await this.clock.status(now)).open) throw new ProviderError('MARKET_CLOSED', 'The market is closed.');
    const price = await this.feed.price(request.order.symbol, now);
    if (!withinLimit(request.order, price)) {
      const refusal = unreachedLimitRefusal(request.order);
      if (refusal) throw refusal;
      return toProviderOrder(await this.fills.unreached(account.id, request.clientOrderId, request.order, now));
    }
    const script = this.scripts.next(account.id);
    if (script.kind === 'instant')
      return toProviderOrder(await this.fills.fill(account.id, request.clientOrderId, request.order, price, now));
    const plan = planOf(script, new Decimal(request.order.quantity), now);
    return toProviderOrder(await this.fills.accept(account.id, request.clientOrderId, request.order, price, plan, now));
  }

  async getOrder(
    user: ProviderUserCredentials,
    accountId: string,
    brokerageOrderId: string,
  ): Promise<ProviderOrder | null> {
    await this.account(user, accountId);
    if (!isUuid(brokerageOrderId)) return null;
    const row = await this.dataSource.getRepository(PaperOrderEntity).findOneBy({ id: brokerageOrderId, accountId });
    return row ? toProviderOrder(row) : null;
  }

  /** Certain: the account row is locked first, so a fill still in flight for this account commits (or not) before we look. */
  async findOrderByClientOrderId(
    user: ProviderUserCredentials,
    accountId: string,
    clientOrderId: string,
  ): Promise<ProviderOrder | null> {
    await this.account(user, accountId);
    return this.dataSource.transaction(async (manager) => {
      await manager.findOne(PaperAccountEntity, { where: { id: accountId }, lock: { mode: 'pessimistic_write' } });
      // The order's steps that are due now are applied by account(): its record is current.
      const row = await manager.findOneBy(PaperOrderEntity, { accountId, clientOrderId });
      return row ? toProviderOrder(row) : null;
    });
  }

  private async ordersSince(accountId: string, since: Date): Promise<ProviderOrder[]> {
    const rows = await this.dataSource
      .getRepository(PaperOrderEntity)
      .find({ where: { accountId, placedAt: MoreThanOrEqual(since) }, order: { placedAt: 'DESC' }, take: 1000 });
    return rows.map(toProviderOrder);
  }

  /** The account, if it is this user's; otherwise "does not exist", as the provider answers (404 1011). */
  private async account(user: ProviderUserCredentials, accountId: string): Promise<PaperAccountEntity> {
    await this.verify(user);
    const account = isUuid(accountId)
      ? await this.dataSource
          .getRepository(PaperAccountEntity)
          .findOneBy({ id: accountId, providerUserId: user.userId })
      : null;
    if (!account) throw new ProviderError('ACCOUNT_NOT_FOUND', 'The requested resource does not exist.');
    await this.advance(account.id);
    return this.dataSource.getRepository(PaperAccountEntity).findOneByOrFail({ id: account.id });
  }

  /** Accepted orders move on with time: whatever is due is applied before the account is read. */
  private advance(accountId: string, now = new Date()): Promise<void> {
    return this.fills.advance(accountId, (symbol, at) => this.feed.price(symbol, at), now);
  }

  /** Like the provider's 1083: a wrong or stale secret is refused. */
  private async verify(user: ProviderUserCredentials): Promise<void> {
    const stored = await this.dataSource.getRepository(PaperUserEntity).findOneBy({ providerUserId: user.userId });
    const expected = stored ? Buffer.from(stored.secretHash, 'hex') : sha256('');
    const matches = timingSafeEqual(expected, sha256(user.userSecret)) && Boolean(stored);
    if (!matches) throw new ProviderError('INVALID_USER_CREDENTIALS', 'Invalid userID or userSecret provided');
  }
}
