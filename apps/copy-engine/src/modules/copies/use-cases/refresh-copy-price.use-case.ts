import { Inject, Injectable } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  MyCopiesErrorCode,
  MyCopiesMessages,
  type CopyIdRpcPayload,
  type CopyInstanceView,
  type QuotesRpcReply,
  type QuotesRpcRequest,
  type RefreshCopyPriceRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { COPY_ENGINE_RPC } from '../copies.tokens';
import { toCopyInstanceView } from '../copy-instance.mapper';
import { findCopyById, setCopyCurrentPrice } from '../copy-instances.store';
import { TraderNames } from '../trader-names';

/**
 * POST /api/copy-trades/{id}/refresh-price: the current price of the actor's own open copy from the brokerage
 * (its quote of the copy's symbol, or of the option's OCC ticker, in the account the copy was placed in; the paper
 * market or SnapTrade), kept on the copy; its P&L and return are recomputed from it by the view (buys (current −
 * entry) × quantity × multiplier, sells reversed). Another user's copy, or none: 404. A copy that is not open is
 * answered as it is. No price from the brokerage: 503 PRICE_UNAVAILABLE, the copy unchanged.
 */
@Injectable()
export class RefreshCopyPriceUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly brokerage: RpcClient,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<CopyIdRpcPayload>): Promise<RefreshCopyPriceRpcReply> {
    const copy = await findCopyById(this.dataSource.manager, payload.copyId);
    if (!actor || !copy || copy.userId !== actor.userId)
      throw DomainException.notFound(MyCopiesMessages.copyNotFound, MyCopiesErrorCode.COPY_NOT_FOUND);
    // The web app merges the answer into its list: it names the trader as the list does.
    const named = async (view: CopyInstanceView) => ({
      copyInstance: (await new TraderNames(this.brokerage).fill([view], { requestId, actor }))[0]!,
    });
    if (copy.status !== 'OPEN') return named(toCopyInstanceView(copy));
    const symbol = copy.isOptions && copy.optionsTicker ? copy.optionsTicker : copy.symbol;
    const { quotes } = await this.brokerage.request<QuotesRpcRequest, QuotesRpcReply>(
      BrokerageRpc.getQuotes,
      { userId: copy.userId, accountId: copy.brokerageAccountId ?? undefined, symbols: [symbol] },
      { requestId, actor },
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    const price = quotes.find((quote) => quote.symbol.toUpperCase() === symbol.toUpperCase())?.price ?? null;
    if (price === null || !Number.isFinite(price) || price <= 0)
      throw new DomainException(503, MyCopiesErrorCode.PRICE_UNAVAILABLE, MyCopiesMessages.priceUnavailable);
    await setCopyCurrentPrice(this.dataSource.manager, copy.id, new Decimal(price).toFixed());
    return named(toCopyInstanceView((await findCopyById(this.dataSource.manager, copy.id))!));
  }
}
