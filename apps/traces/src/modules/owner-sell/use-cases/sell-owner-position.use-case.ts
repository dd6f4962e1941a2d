import { Inject, Injectable } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  OwnerSellErrorCode,
  OwnerSellMessages,
  type ListAccountsRpcReply,
  type RpcRequest,
  type SellPositionRpcPayload,
  type SellPositionRpcReply,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import {
  DomainException,
  MarketSell,
  OutboxRelay,
  OutboxWriter,
  RpcClient,
  type MarketSellOutcome,
  type RpcCallContext,
} from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TradeEntity } from '../../shared/entities';
import { requireActor } from '../../shared/trace-access';
import { OWNER_SELL_BROKERAGE } from '../owner-sell.tokens';
import { resolveOwnerSellTarget } from '../owner-sell-target';
import {
  failOwnerSell,
  findOwnerSell,
  noteBrokerageOrder,
  orderOutcomeText,
  pendingSellOf,
  recordOwnerSell,
  settleOwnerSell,
  type OwnerSellRecord,
} from '../owner-sells.store';

/**
 * POST /api/snaptrade/sell-position, the owner's path: a market sell of (part of) a shared open trade of their own
 * trace, from their own first account, under the client's X-Request-ID.
 * - First call of a request id: the account is checked (the user's first), the trade resolved and locked
 *   (resolveOwnerSellTarget), and the sell recorded (traces.owner_sells) before anything is sent; a trade with a
 *   sell still awaiting its fill is refused (409), so two request ids never sell one trade twice.
 * - Every call, retries included: the brokerage's placeOrder with that request id (its idempotency: a retry gets the
 *   first order back). A retry whose position differs from the recorded one is 422, as at the brokerage.
 * - Filled: settled in one transaction (settleOwnerSell, once, whichever of this answer and the order events
 *   comes first): a sell of the whole trade closes it as `sold` at the fill price with TradeClosed through the
 *   outbox; a sell of part of it, or an order that ended only partly filled, leaves the rest open. Pending or
 *   unknown: answered as such (202 at the gateway); the brokerage's order events settle it later — OrderFilled or
 *   OrderUpdated when it fills, OrderUpdated marking it failed when it ends canceled, expired or rejected. A
 *   refusal marks the sell failed with its reason (the trade may be sold again with a new request id) and carries
 *   the sell's failure fields (docs/product.md#rest-calls).
 */
@Injectable()
export class SellOwnerPositionUseCase {
  private readonly market: MarketSell;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(OWNER_SELL_BROKERAGE) private readonly brokerage: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {
    this.market = new MarketSell(brokerage);
  }

  async execute({
    actor,
    payload,
    requestId: traceId,
  }: RpcRequest<SellPositionRpcPayload>): Promise<SellPositionRpcReply> {
    const { userId } = requireActor(actor);
    const context: RpcCallContext = { requestId: traceId, actor };
    const sell =
      (await findOwnerSell(this.dataSource.manager, userId, payload.requestId)) ??
      (await this.record(userId, payload, context));
    const trade = await this.dataSource.manager.findOneByOrFail(TradeEntity, { id: sell.tradeId });
    if (!this.samePosition(sell, trade, payload))
      throw new DomainException(422, BrokerageErrorCode.IDEMPOTENCY_KEY_REUSED, BrokerageMessages.requestIdReused);

    let outcome: MarketSellOutcome;
    try {
      outcome = await this.market.sell(
        {
          userId,
          accountId: sell.accountId,
          requestId: sell.requestId,
          order: {
            symbol: trade.symbol,
            quantity: Number(sell.quantity),
            isOptions: trade.isOptions,
            ...(trade.isOptions
              ? {
                  optionsTicker: trade.optionsTicker ?? undefined,
                  optionType: trade.optionType ?? undefined,
                  strikePrice: trade.strikePrice == null ? undefined : Number(trade.strikePrice),
                  expirationDate: trade.expirationDate ?? undefined,
                  contractMultiplier: trade.contractMultiplier,
                }
              : {}),
          },
        },
        context,
      );
    } catch (error) {
      // In flight elsewhere (409) is still pending; anything else the brokerage refused placed nothing.
      if (error instanceof DomainException && error.code !== BrokerageErrorCode.ORDER_IN_FLIGHT && error.status < 500)
        await failOwnerSell(this.dataSource.manager, sell.id, failureReasonOf(error));
      throw error;
    }

    const { order } = outcome;
    if (outcome.status === 'filled') {
      await this.dataSource.transaction(async (manager) => {
        const locked = (await findOwnerSell(manager, userId, sell.requestId, true))!;
        await settleOwnerSell(
          manager,
          this.outbox,
          locked,
          {
            averagePrice: order.executionPrice!,
            filledQuantity: order.filledQuantity ?? Number(sell.quantity),
            brokerageOrderId: order.brokerageOrderId,
            shortfall: `Sold ${order.filledQuantity} of ${order.quantity}. ${orderOutcomeText(order.state, order.providerStatus)}`,
          },
          { correlationId: traceId },
        );
      });
      this.relay.kick();
    } else if (order.brokerageOrderId) {
      await noteBrokerageOrder(this.dataSource.manager, sell.id, order.brokerageOrderId);
    }
    const message =
      outcome.status === 'filled'
        ? OwnerSellMessages.sold(trade.optionsTicker ?? trade.symbol)
        : outcome.status === 'pending'
          ? OwnerSellMessages.pending(trade.optionsTicker ?? trade.symbol)
          : OwnerSellMessages.awaitingConfirmation;
    return { status: outcome.status, message, order, replayed: outcome.replayed };
  }

  /** The first call of a request id: own first account, the trade resolved and locked, the sell recorded. */
  private async record(
    userId: string,
    payload: SellPositionRpcPayload,
    context: RpcCallContext,
  ): Promise<OwnerSellRecord> {
    if (payload.accountId !== (await this.firstAccountId(userId, context)))
      throw new DomainException(403, OwnerSellErrorCode.ACCOUNT_NOT_OWN, OwnerSellMessages.accountNotOwn);
    return this.dataSource.transaction(async (manager) => {
      const { trace, trade } = await resolveOwnerSellTarget(
        manager,
        context.actor,
        payload.positionData,
        payload.accountId,
      );
      const again = await findOwnerSell(manager, userId, payload.requestId);
      if (again) return again;
      if (await pendingSellOf(manager, trade.id))
        throw new DomainException(409, OwnerSellErrorCode.SELL_IN_PROGRESS, OwnerSellMessages.sellInProgress);
      return recordOwnerSell(manager, {
        userId,
        requestId: payload.requestId,
        traceId: trace.id,
        tradeId: trade.id,
        accountId: payload.accountId,
        quantity: String(payload.positionData.quantity),
      });
    });
  }

  private async firstAccountId(userId: string, context: RpcCallContext): Promise<string | null> {
    try {
      const { accounts } = await this.brokerage.request<UserScopedRpcRequest, ListAccountsRpcReply>(
        BrokerageRpc.listAccounts,
        { userId },
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
      return accounts[0]?.id ?? null;
    } catch (error) {
      if (error instanceof DomainException && error.code === BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED)
        return null;
      throw error;
    }
  }

  private samePosition(sell: OwnerSellRecord, trade: TradeEntity, payload: SellPositionRpcPayload): boolean {
    const upper = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();
    const symbol = upper(payload.positionData.symbol);
    return (
      sell.accountId === payload.accountId &&
      sell.traceId === payload.positionData.traceId &&
      Number(sell.quantity) === payload.positionData.quantity &&
      (upper(trade.symbol) === symbol || upper(trade.optionsTicker) === symbol)
    );
  }
}

/** The reason a refused sell is recorded with: the brokerage's own words where the refusal carries them. */
function failureReasonOf(error: DomainException): string {
  const technical = (error.details as { technical?: unknown } | undefined)?.technical;
  return typeof technical === 'string' && technical ? technical : `${error.code}: ${error.message}`;
}
