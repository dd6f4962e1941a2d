import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  DevSetMarketHoursRpcCall,
  DevSetPriceRpcCall,
  Messages,
  PaperMarketRpcCall,
  PaperPortalRpcCall,
  type DevSetMarketHoursRpcReply,
  type DevSetPriceRpcReply,
  type PaperMarketRpcReply,
  type PaperPortalConnectRpcReply,
  type PaperPortalRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { canonicalSymbol } from '../../common/symbols';
import { BrokerageConfig } from '../../config/brokerage.config';
import { toQuoteView } from '../accounts/mappers/account-views.mapper';
import { ProviderUsers } from '../connections/provider-users.service';
import { SyncBrokerageLinkUseCase } from '../connections/use-cases/sync-brokerage-link.use-case';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import { PaperBrokerProvider } from './paper-broker.provider';
import { PaperMarketClock } from './paper-market-clock';
import { PaperPortalService } from './paper-portal.service';
import { PaperPriceFeed } from './paper-price-feed';

/** The paper broker's own API: its portal page, its market (trading page), and development controls of its market. */
@Controller()
export class PaperController {
  constructor(
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
    private readonly paper: PaperBrokerProvider,
    private readonly portal: PaperPortalService,
    private readonly clock: PaperMarketClock,
    private readonly feed: PaperPriceFeed,
    private readonly providerUsers: ProviderUsers,
    private readonly sync: SyncBrokerageLinkUseCase,
  ) {}

  @MessagePattern(BrokerageRpc.paperPortalGet)
  async describePortal(@Payload() { actor, payload }: PaperPortalRpcCall): Promise<PaperPortalRpcReply> {
    const providerUserId = await this.providerUserOf(actor?.userId);
    return { session: await this.portal.describe(payload.sessionId, providerUserId) };
  }

  /** Creates the connection, then records it (BrokerageConnected) as any provider's connection would be. */
  @MessagePattern(BrokerageRpc.paperPortalConnect)
  async connect(@Payload() { actor, payload, requestId }: PaperPortalRpcCall): Promise<PaperPortalConnectRpcReply> {
    const providerUserId = await this.providerUserOf(actor?.userId);
    const connected = await this.portal.connect(payload.sessionId, providerUserId);
    await this.sync.execute(actor!.userId, requestId);
    return connected;
  }

  @MessagePattern(BrokerageRpc.paperMarket)
  async market(@Payload() { payload }: PaperMarketRpcCall): Promise<PaperMarketRpcReply> {
    this.assertPaper();
    const symbols = (payload.symbols ?? []).map(canonicalSymbol);
    if (symbols.length > 10 || symbols.some((symbol) => symbol === null))
      throw DomainException.badRequest('symbols must be up to 10 tickers or OCC symbols');
    const quotes = symbols.length ? await this.paper.quotes(symbols as string[]) : [];
    return { market: await this.clock.status(), quotes: quotes.map(toQuoteView) };
  }

  @MessagePattern(BrokerageRpc.devSetPrice)
  async setPrice(@Payload() { payload }: DevSetPriceRpcCall): Promise<DevSetPriceRpcReply> {
    this.assertDevelopment();
    const symbol = canonicalSymbol(payload.symbol ?? '');
    if (!symbol) throw DomainException.badRequest('symbol must be a ticker or an OCC symbol');
    if (!Number.isFinite(payload.price) || payload.price <= 0)
      throw DomainException.badRequest('price must be a positive number');
    const price = new Decimal(payload.price).toDecimalPlaces(6);
    await this.feed.setPrice(symbol, price);
    return { symbol, price: price.toNumber() };
  }

  @MessagePattern(BrokerageRpc.devSetMarketHours)
  async setMarketHours(@Payload() { payload }: DevSetMarketHoursRpcCall): Promise<DevSetMarketHoursRpcReply> {
    this.assertDevelopment();
    if (payload.open !== null && typeof payload.open !== 'boolean')
      throw DomainException.badRequest('open must be true, false or null');
    return { market: await this.clock.setOverride(payload.open) };
  }

  private async providerUserOf(userId: string | undefined): Promise<string> {
    this.assertPaper();
    if (!userId) throw DomainException.unauthenticated(Messages.notSignedIn);
    return (await this.providerUsers.require(userId)).entity.providerUserId;
  }

  private assertPaper(): void {
    if (this.provider.name !== 'paper')
      throw DomainException.notFound(BrokerageMessages.paperBrokerOnly, BrokerageErrorCode.PAPER_BROKER_ONLY);
  }

  /** Development controls do not exist in production, whatever the gateway does. */
  private assertDevelopment(): void {
    if (this.config.isProduction) throw DomainException.notFound('Not found');
    this.assertPaper();
  }
}
