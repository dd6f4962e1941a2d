import { Injectable } from '@nestjs/common';
import { OrderFilled, OrderUpdated, type OrderFilledV1, type OrderUpdatedV1 } from '@copytrade/contracts';
import { ORDER_INTENT_EVENTS, OrderEventsConsumer, type OrderEventEnvelope } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TraceEntity, TradeEntity } from '../../shared/entities';
import { closeTradesAndPublish } from '../../shared/trade-closed.writer';
import type { TradeEventMeta } from '../../shared/trade-events';
import { autoShareProfitableTrades } from '../../shared/trade-sharing';
import { upsertSourcedTrades } from '../../shared/trade-writer';
import { applyOrderUpdateToOwnerSell, settleOwnerSellFromFill } from '../../owner-sell/owner-sells.store';
import { instrumentOf, orderSourceKey, storedPrice } from '../mappers/brokerage-trades.mapper';

export const ORDER_EVENTS = ORDER_INTENT_EVENTS;
export const ORDER_FILLED_DURABLE = 'traces-owner-trades-order-events';

/**
 * The brokerage's order events reach the owner's trades without a sync (one durable consumer, in aggregate order).
 * - OrderUpdated of an owner's sell (traces.owner_sells, by user and request id), once the order is final: a fill
 *   settles it; an order ended canceled, expired or rejected marks it failed with the reason, the trade left open
 *   (applyOrderUpdateToOwnerSell). Every other OrderUpdated changes nothing.
 * - OrderFilled of an owner's sell settles it if OrderUpdated has not (settleOwnerSellFromFill). Any other fill,
 *   for each trace the user owns (its row locked, as a sync does): a buy becomes — or updates — the trade keyed by
 *   the brokerage order id (the key a sync gives the same order, so the two never duplicate it); a sell that
 *   covers every open trade of the instrument in that account closes them at the fill price as `sold` with
 *   TradeClosed (a partial sell is left to the next sync). Then, when the trace auto-shares, its open trades in
 *   profit are shared (autoShareProfitableTrades, under the trace's lock). A fresh buy is priced at its own fill
 *   price, so it is not in profit yet: a later sync's reprice shares it once it is.
 */
@Injectable()
export class OrderFilledHandler extends OrderEventsConsumer {
  protected readonly durableName = ORDER_FILLED_DURABLE;

  async apply(envelope: OrderEventEnvelope, manager: EntityManager): Promise<void> {
    const meta: TradeEventMeta = { correlationId: envelope.correlationId, causationId: envelope.id };
    if (envelope.type === OrderUpdated.type) {
      await applyOrderUpdateToOwnerSell(manager, this.outbox, envelope.data as OrderUpdatedV1, meta);
      return;
    }
    if (envelope.type !== OrderFilled.type) return;
    const fill = envelope.data as OrderFilledV1;
    // The owner's own sell (traces.owner_sells, by request id) settles the very trade it sold.
    if (await settleOwnerSellFromFill(manager, this.outbox, fill, meta)) return;
    const traces = await manager.find(TraceEntity, {
      where: { ownerUserId: fill.userId },
      lock: { mode: 'pessimistic_write' },
      order: { id: 'ASC' },
    });
    for (const trace of traces) {
      if (fill.action === 'BUY') await this.bought(manager, trace.id, fill);
      else await this.sold(manager, trace.id, fill, meta);
      await autoShareProfitableTrades(manager, this.outbox, trace, meta);
    }
  }

  private async bought(manager: EntityManager, traceId: string, fill: OrderFilledV1): Promise<void> {
    const isOptions = fill.optionType !== null && fill.optionType !== undefined;
    const multiplier = isOptions ? fill.contractMultiplier : 1;
    const price = storedPrice(fill.averagePrice, isOptions, multiplier);
    if (Number(price) <= 0 || Number(fill.filledQuantity) <= 0) return;
    await upsertSourcedTrades(manager, traceId, [
      {
        sourceKey: orderSourceKey(fill.brokerageOrderId ?? `intent:${fill.intentId}`),
        brokerageAccountId: fill.accountId,
        ownerStatus: 'filled',
        symbol: fill.underlying,
        side: 'buy',
        quantity: fill.filledQuantity,
        price,
        currentPrice: price,
        executedAt: new Date(fill.filledAt),
        isOptions,
        optionType: fill.optionType,
        optionsTicker: isOptions ? fill.symbol : null,
        strikePrice: fill.strikePrice,
        expirationDate: fill.expirationDate,
        contractMultiplier: multiplier,
      },
    ]);
  }

  private async sold(
    manager: EntityManager,
    traceId: string,
    fill: OrderFilledV1,
    meta: TradeEventMeta,
  ): Promise<void> {
    const instrument = fill.symbol.trim().toUpperCase();
    const open = (
      await manager.find(TradeEntity, {
        where: { traceId, brokerageAccountId: fill.accountId, status: 'open', side: 'buy' },
      })
    ).filter((trade) => instrumentOf(trade) === instrument);
    const held = open.reduce((total, trade) => total + Number(trade.quantity), 0);
    if (open.length === 0 || held > Number(fill.filledQuantity)) return;
    const isOptions = fill.optionType !== null && fill.optionType !== undefined;
    const exitPrice = storedPrice(fill.averagePrice, isOptions, isOptions ? fill.contractMultiplier : 1);
    await closeTradesAndPublish(
      manager,
      this.outbox,
      traceId,
      open.map((trade) => ({
        id: trade.id,
        exitPrice,
        ownerStatus: 'sold' as const,
        brokerageOrderId: fill.brokerageOrderId,
      })),
      { ...meta, closedAt: new Date(fill.filledAt) },
    );
  }
}
