import { Logger, type LoggerService } from '@nestjs/common';
import { Snaptrade, SnaptradeAuth, type CommercialApiKeyAuth } from 'snaptrade-typescript-sdk';
import type { BrokerageProvider } from '../provider/brokerage-provider';
import { ProviderError, type ProviderErrorKind } from '../provider/provider.error';
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
import { mapSnaptradeFailure, retryAfterSeconds } from './snaptrade-error.mapper';
import { SnaptradeRateLimiter } from './snaptrade-rate-limiter';
import {
  toProviderAccount,
  toProviderBalance,
  toProviderConnection,
  toProviderOrder,
  toProviderPosition,
  toProviderQuote,
} from './snaptrade-wire.mappers';

export interface SnaptradeProviderOptions {
  clientId: string;
  consumerKey: string;
  /** Without a trailing slash: the SDK would request `//path` while signing `/path`. */
  basePath: string;
  requestTimeoutMs?: number;
  /** Orders wait longer: the brokerage answers through SnapTrade. */
  orderTimeoutMs?: number;
  logger?: Pick<LoggerService, 'warn'>;
  /** Shared by every replica (see SnaptradeRateLimiter). */
  limiter: SnaptradeRateLimiter;
}

interface WireResponse<T> {
  status: number;
  headers: Record<string, unknown>;
  data: T;
}

/** 429 resolves instead of throwing, so the SDK's own blocking 35 s retry never runs and we see Retry-After. */
const acceptRateLimit = (status: number) => (status >= 200 && status < 300) || status === 429;

/**
 * The SnapTrade provider, through the official SDK (11.x, Commercial API key). Every call passes the
 * client's rate limiter first; trades also wait for their account's slot. Errors become ProviderErrors
 * without URL or headers (the SDK's URL holds userSecret), and only redacted facts are logged.
 */
export class SnaptradeProvider implements BrokerageProvider {
  readonly name = 'snaptrade' as const;
  private readonly client: Snaptrade<CommercialApiKeyAuth>;
  private readonly limiter: SnaptradeRateLimiter;
  private readonly orderTimeoutMs: number;
  private readonly logger: Pick<LoggerService, 'warn'>;

  constructor(options: SnaptradeProviderOptions) {
    this.client = new Snaptrade({
      auth: SnaptradeAuth.commercialApiKey({ clientId: options.clientId, consumerKey: options.consumerKey }),
      basePath: options.basePath.replace(/\/+$/, ''),
      baseOptions: { timeout: options.requestTimeoutMs ?? 8_000, validateStatus: acceptRateLimit },
    });
    this.limiter = options.limiter;
    this.orderTimeoutMs = options.orderTimeoutMs ?? 20_000;
    this.logger = options.logger ?? new Logger(SnaptradeProvider.name);
  }

  async registerUser(userId: string): Promise<ProviderUserCredentials> {
    const data = await this.call('registerUser', 'USER_NOT_FOUND', () =>
      this.client.authentication.registerSnapTradeUser({ userId }),
    );
    if (!data.userId || !data.userSecret) throw new ProviderError('UNEXPECTED', 'registerUser returned no secret');
    return { userId: data.userId, userSecret: data.userSecret };
  }

  async deleteUser(userId: string): Promise<void> {
    await this.call('deleteUser', 'USER_NOT_FOUND', () => this.client.authentication.deleteSnapTradeUser({ userId }));
  }

  listUsers(): Promise<string[]> {
    return this.call('listUsers', 'USER_NOT_FOUND', () => this.client.authentication.listSnapTradeUsers());
  }

  async connectionPortalUrl(user: ProviderUserCredentials, options: PortalOptions): Promise<string> {
    const data = await this.call('loginUser', 'USER_NOT_FOUND', () =>
      this.client.authentication.loginSnapTradeUser({
        ...user,
        broker: options.broker,
        customRedirect: options.customRedirect,
        connectionType: options.connectionType,
        reconnect: options.reconnect,
        immediateRedirect: true,
      }),
    );
    // The response type is a union with an encrypted variant; only the plain one has the URL.
    if (!('redirectURI' in data) || !data.redirectURI)
      throw new ProviderError('UNEXPECTED', 'The connection portal returned no URL');
    return data.redirectURI;
  }

  async listConnections(user: ProviderUserCredentials): Promise<ProviderConnection[]> {
    return (
      await this.call('listConnections', 'USER_NOT_FOUND', () =>
        this.client.connections.listBrokerageAuthorizations(user),
      )
    ).map(toProviderConnection);
  }

  async removeConnection(user: ProviderUserCredentials, connectionId: string): Promise<void> {
    // Synchronous removal in SDK 11; SDK 12 replaces it with the asynchronous deleteConnection.
    await this.call('removeConnection', 'CONNECTION_NOT_FOUND', () =>
      this.client.connections.removeBrokerageAuthorization({ ...user, authorizationId: connectionId }),
    );
  }

  async refreshConnection(user: ProviderUserCredentials, connectionId: string): Promise<string> {
    const data = await this.call('refreshConnection', 'CONNECTION_NOT_FOUND', () =>
      this.client.connections.refreshBrokerageAuthorization({ ...user, authorizationId: connectionId }),
    );
    return data.detail ?? `Connection ${connectionId} scheduled for refresh`;
  }

  async listAccounts(user: ProviderUserCredentials): Promise<ProviderAccount[]> {
    return (
      await this.call('listAccounts', 'USER_NOT_FOUND', () => this.client.accountInformation.listUserAccounts(user))
    ).map(toProviderAccount);
  }

  async getBalance(user: ProviderUserCredentials, accountId: string): Promise<ProviderBalance> {
    const [balances, account] = await Promise.all([
      this.call('getBalance', 'ACCOUNT_NOT_FOUND', () =>
        this.client.accountInformation.getUserAccountBalance({ ...user, accountId }),
      ),
      this.call('getAccount', 'ACCOUNT_NOT_FOUND', () =>
        this.client.accountInformation.getUserAccountDetails({ ...user, accountId }),
      ),
    ]);
    return toProviderBalance(balances, account);
  }

  async listPositions(user: ProviderUserCredentials, accountId: string): Promise<ProviderPosition[]> {
    // positions/all: the legacy positions and holdings endpoints answer 410 for new customers.
    const data = await this.call('listPositions', 'ACCOUNT_NOT_FOUND', () =>
      this.client.accountInformation.getAllAccountPositions({ ...user, accountId }),
    );
    return (data.results ?? []).map(toProviderPosition);
  }

  async listOrders(user: ProviderUserCredentials, accountId: string, days = 30): Promise<ProviderOrder[]> {
    const data = await this.call('listOrders', 'ACCOUNT_NOT_FOUND', () =>
      this.client.accountInformation.getUserAccountOrders({
        ...user,
        accountId,
        state: 'all',
        days: Math.min(Math.max(days, 1), 90),
      }),
    );
    return data.map(toProviderOrder);
  }

  async listRecentOrders(user: ProviderUserCredentials, accountId: string): Promise<ProviderOrder[]> {
    const data = await this.call('listRecentOrders', 'ACCOUNT_NOT_FOUND', () =>
      this.client.accountInformation.getUserAccountRecentOrders({ ...user, accountId, onlyExecuted: false }),
    );
    return (data.orders ?? []).map(toProviderOrder);
  }

  async getOrder(
    user: ProviderUserCredentials,
    accountId: string,
    brokerageOrderId: string,
  ): Promise<ProviderOrder | null> {
    try {
      const record = await this.call('getOrderDetail', 'ACCOUNT_NOT_FOUND', () =>
        this.client.accountInformation.getUserAccountOrderDetail({
          ...user,
          accountId,
          brokerage_order_id: brokerageOrderId,
        }),
      );
      return toProviderOrder(record);
    } catch (error) {
      // Order detail knows single-leg orders placed through SnapTrade only: a 404 sends the caller to the lists.
      if (error instanceof ProviderError && error.providerStatus === 404) return null;
      throw error;
    }
  }

  async getQuotes(user: ProviderUserCredentials, accountId: string, symbols: string[]): Promise<ProviderQuote[]> {
    const data = await this.call('getQuotes', 'ACCOUNT_NOT_FOUND', () =>
      this.client.trading.getUserAccountQuotes({
        ...user,
        accountId,
        symbols: symbols.slice(0, 10).join(','),
        useTicker: true,
      }),
    );
    return data.map(toProviderQuote);
  }

  async placeMarketOrder(
    user: ProviderUserCredentials,
    { accountId, clientOrderId, order }: MarketOrderRequest,
  ): Promise<ProviderOrder> {
    // Options go through placeForceOrder with the OCC symbol: it is the call that carries client_order_id.
    const action = order.option ? (order.action === 'BUY' ? 'BUY_TO_OPEN' : 'SELL_TO_CLOSE') : order.action;
    // A limit order: order_type Limit with its price and time in force; a market order's body is unchanged.
    const limit =
      order.limitPrice === undefined
        ? ({ order_type: 'Market', time_in_force: 'Day' } as const)
        : ({
            order_type: 'Limit',
            time_in_force: order.timeInForce ?? 'Day',
            price: Number(order.limitPrice),
          } as const);
    const record = await this.call(
      'placeOrder',
      'ACCOUNT_NOT_FOUND',
      () =>
        this.client.trading.placeForceOrder(
          {
            ...user,
            account_id: accountId,
            action,
            symbol: order.symbol,
            universal_symbol_id: null,
            ...limit,
            units: Number(order.quantity),
            client_order_id: clientOrderId,
          },
          { timeout: this.orderTimeoutMs },
        ),
      true,
      accountId,
    );
    const placed = toProviderOrder(record);
    return { ...placed, clientOrderId: placed.clientOrderId ?? clientOrderId };
  }

  private async call<T>(
    operation: string,
    notFound: ProviderErrorKind,
    request: () => Promise<WireResponse<T>>,
    isOrder = false,
    tradeAccountId?: string,
  ): Promise<T> {
    // A trade takes its account's slot first and holds it until its call is over; then its request instant, which
    // is sent at once (a reserved instant spent waiting for the account would be lost to every other call).
    const endTrade = tradeAccountId ? await this.limiter.acquireTrade(tradeAccountId) : undefined;
    try {
      await this.limiter.acquireRequest();
    } catch (error) {
      await endTrade?.();
      throw error;
    }
    let response: WireResponse<T>;
    try {
      response = await request();
    } catch (error) {
      const failure = mapSnaptradeFailure(error, { notFound, isOrder });
      this.logger.warn(
        {
          operation,
          kind: failure.kind,
          status: failure.providerStatus,
          code: failure.providerCode,
          detail: failure.message,
        },
        'SnapTrade call failed',
      );
      throw failure;
    } finally {
      await endTrade?.();
    }
    if (response.status === 429) {
      const detail = String((response.data as { detail?: unknown } | undefined)?.detail ?? '');
      this.logger.warn({ operation, status: 429 }, 'SnapTrade rate limit reached');
      throw new ProviderError('RATE_LIMITED', detail || 'Rate limited', {
        providerStatus: 429,
        retryAfterSeconds: retryAfterSeconds(response.headers, detail),
        outcome: 'not-placed',
      });
    }
    return response.data;
  }
}
