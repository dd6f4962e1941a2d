import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccountScopedRpcCall,
  AccountValuesRpcCall,
  BrokerageRpc,
  ListOrdersRpcCall,
  MarketQuotesRpcCall,
  QuotesRpcCall,
  UserScopedRpcCall,
  type AccountValuesRpcReply,
  type GetBalancesRpcReply,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type MarketQuotesRpcReply,
  type QuotesRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { assertOwnUser, assertOwnUserOrService } from '../../common/own-user';
import { BrokerageConfig } from '../../config/brokerage.config';
import { accountsCache } from './accounts-read-cache';
import { AccountValuesUseCase } from './use-cases/account-values.use-case';
import { MarketQuotesUseCase } from './use-cases/market-quotes.use-case';
import { ReadAccountDataUseCase } from './use-cases/read-account-data.use-case';

@Controller()
export class AccountsController {
  /** The gateway may keep a user's account list this long (0: not at all). */
  private readonly accountsFreshForMs: number;

  constructor(
    @Inject(BrokerageConfig) config: BrokerageConfig,
    private readonly read: ReadAccountDataUseCase,
    private readonly marketQuotes: MarketQuotesUseCase,
    private readonly accountValues: AccountValuesUseCase,
  ) {
    this.accountsFreshForMs = config.BROKERAGE_READ_CACHE_TTL_SECONDS * 1000;
  }

  @MessagePattern(BrokerageRpc.listAccounts)
  async accounts(@Payload() { actor, payload, requestId }: UserScopedRpcCall): Promise<ListAccountsRpcReply> {
    assertOwnUserOrService(actor, payload.userId);
    return {
      accounts: await this.read.accounts(payload.userId, requestId),
      cache: accountsCache(payload.userId, this.accountsFreshForMs),
    };
  }

  @MessagePattern(BrokerageRpc.getBalances)
  async balances(@Payload() { actor, payload, requestId }: AccountScopedRpcCall): Promise<GetBalancesRpcReply> {
    assertOwnUser(actor, payload.userId);
    return { balances: await this.read.balances(payload.userId, payload.accountId, requestId) };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  async positions(@Payload() { actor, payload, requestId }: AccountScopedRpcCall): Promise<ListPositionsRpcReply> {
    assertOwnUserOrService(actor, payload.userId);
    return { positions: await this.read.positions(payload.userId, payload.accountId, requestId) };
  }

  /** One page of orders (the first without a cursor), with the next page's cursor. */
  @MessagePattern(BrokerageRpc.listOrders)
  async orders(@Payload() { actor, payload, requestId }: ListOrdersRpcCall): Promise<ListOrdersRpcReply> {
    assertOwnUserOrService(actor, payload.userId);
    const { cursor, limit } = payload;
    return this.read.orders(payload.userId, payload.accountId, { cursor, limit }, requestId);
  }

  @MessagePattern(BrokerageRpc.getQuotes)
  async quotes(@Payload() { actor, payload, requestId }: QuotesRpcCall): Promise<QuotesRpcReply> {
    assertOwnUser(actor, payload.userId);
    if (!Array.isArray(payload.symbols) || payload.symbols.length === 0 || payload.symbols.length > 10)
      throw DomainException.badRequest('Between 1 and 10 symbols are needed.');
    return { quotes: await this.read.quotes(payload.userId, payload.accountId, payload.symbols, requestId) };
  }

  /**
   * A system call (the copy engine's price check before a copy), like the order batch: the gateway never forwards it,
   * so it carries no user actor; the users named only lend their accounts to the provider's quote.
   */
  @MessagePattern(BrokerageRpc.marketQuotes)
  async market(@Payload() { payload, requestId }: MarketQuotesRpcCall): Promise<MarketQuotesRpcReply> {
    return this.marketQuotes.execute(payload, requestId);
  }

  /**
   * A system call (the copy engine sizes copies by a percentage of its followers' accounts), like the quotes above:
   * never forwarded by the gateway, no user actor; answered from what the brokerage holds, never a provider call.
   */
  @MessagePattern(BrokerageRpc.accountValues)
  async values(@Payload() { payload }: AccountValuesRpcCall): Promise<AccountValuesRpcReply> {
    return this.accountValues.execute(payload.userIds);
  }
}
