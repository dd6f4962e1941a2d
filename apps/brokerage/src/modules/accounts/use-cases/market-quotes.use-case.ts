import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  type MarketQuotesRpcReply,
  type MarketQuotesRpcRequest,
  type QuoteView,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { canonicalSymbol, isOptionSymbol } from '../../../common/symbols';
import { ProviderUsers } from '../../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { toQuoteView } from '../mappers/account-views.mapper';

/** Users whose account is tried in turn when an account cannot quote (a disabled connection, a stale secret). */
const MAX_ACCOUNTS_TRIED = 3;

const hasAPrice = (quote: QuoteView) => quote.price !== null || quote.bid !== null || quote.ask !== null;

const unavailable = () =>
  new DomainException(503, BrokerageErrorCode.QUOTE_UNAVAILABLE, BrokerageMessages.quoteUnavailable);

/**
 * rpc.brokerage.quotes.market: the market's quotes for a system caller (the copy engine checks a copy's price before
 * placing it). The paper broker quotes its own market, options included. SnapTrade quotes only through an account:
 * the primary account of the first given user with one (no provider call to find it: our own account records), each
 * call through the same rate-limit scheduler as every other provider read. It cannot quote options, which are left
 * out. No quote at all: 503 QUOTE_UNAVAILABLE, so the caller knows the price was not checked.
 */
@Injectable()
export class MarketQuotesUseCase {
  private readonly logger = new Logger(MarketQuotesUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly providerUsers: ProviderUsers,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(request: MarketQuotesRpcRequest, traceId: string): Promise<MarketQuotesRpcReply> {
    const symbols = [...new Set(request.symbols.map(canonicalSymbol))];
    if (symbols.some((symbol) => symbol === null))
      throw DomainException.badRequest('symbols must be tickers or OCC symbols');
    const quotes = this.provider.quotes
      ? await this.provider.quotes(symbols as string[])
      : await this.throughAnAccount(
          (symbols as string[]).filter((symbol) => !isOptionSymbol(symbol)),
          request.userIds ?? [],
          traceId,
        );
    const views = quotes.map(toQuoteView).filter(hasAPrice);
    if (views.length === 0) throw unavailable();
    return { quotes: views, quotedAt: new Date().toISOString() };
  }

  /** The quotes of the first candidate account that answers; none when no account could (or nothing to quote). */
  private async throughAnAccount(symbols: string[], userIds: string[], traceId: string) {
    if (symbols.length === 0) return [];
    for (const { userId, accountId } of await this.primaryAccounts(userIds)) {
      try {
        const { credentials } = await this.providerUsers.require(userId);
        return await this.provider.getQuotes(credentials, accountId, symbols);
      } catch (error) {
        if (!(error instanceof ProviderError) && !(error instanceof DomainException)) throw error;
        this.logger.warn({ traceId, kind: error instanceof ProviderError ? error.kind : error.code }, 'Quote failed');
        // The provider's limit or outage is the same for every account: another would fail alike.
        if (error instanceof ProviderError && (error.kind === 'RATE_LIMITED' || error.kind === 'UNAVAILABLE')) break;
      }
    }
    return [];
  }

  /** The primary account of each given user registered with this provider, in the given order, the first few. */
  private async primaryAccounts(userIds: string[]): Promise<Array<{ userId: string; accountId: string }>> {
    const wanted = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const rows: Array<{ user_id: string; id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ON (a.user_id) a.user_id, a.id
         FROM brokerage.accounts a
         JOIN brokerage.provider_users p ON p.user_id = a.user_id AND p.provider = $2
        WHERE a.user_id = ANY($1::uuid[])
        ORDER BY a.user_id, a.position`,
      [wanted, this.provider.name],
    );
    const primary = new Map(rows.map((row) => [row.user_id, row.id]));
    return wanted
      .filter((userId) => primary.has(userId))
      .slice(0, MAX_ACCOUNTS_TRIED)
      .map((userId) => ({ userId, accountId: primary.get(userId)! }));
  }
}
