import { Injectable } from '@nestjs/common';
import {
  BrokerageErrorCode,
  CopyTradeErrorCode,
  CopyTradeMessages,
  OrderFilled,
  OrderUpdated,
  type OrderFilledV1,
  type OrderUpdatedV1,
} from '@copytrade/contracts';
import {
  EventConsumerRegistry,
  ORDER_INTENT_EVENTS,
  OrderEventsConsumer,
  OutboxWriter,
  type OrderEventEnvelope,
} from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { failCopies, findCopyByRequest, TABLE, type CopyRecord } from '../copy-instances.store';
import { orderOutcomeText } from '../copy-placement';
import { MarketOpenQueue } from '../market-open-queue';
import { settleCopySellFill } from '../copy-sell-settlement';
import { settleCopyFill } from '../copy-settlement';
import { brokerageFillTimeOf } from '../brokerage-fill-time';
import { failCopySell, findCopySell, noteCopySellOrder } from '../copy-sells.store';

export const COPY_ORDER_EVENTS = ORDER_INTENT_EVENTS;
export const COPY_ORDER_EVENTS_DURABLE = 'copy-engine-copies-order-events';

/**
 * The brokerage's order events settle the copies whose orders they are about (matched by the user and the request
 * id the order was placed with), in aggregate order, once each (the inbox):
 * - units filled (OrderFilled, or OrderUpdated with a fill — a partial one too): a PENDING copy opens with what
 *   filled, CopyOpened in the same transaction; an open copy whose order went on filling grows (settleCopyFill);
 * - an order that ended with nothing filled (canceled, expired, rejected): the PENDING copy fails with the reason and
 *   a CopyFailed in the same transaction — except an automatic copy rejected for a closed market whose follower waits
 *   for the open: queued for it, exactly as when a batch's answer refuses it (MarketOpenQueue); its new request id
 *   leaves any later word of the refused order without a copy to change;
 * - anything else (accepted, unknown): its state noted on the PENDING copy, which stays pending — only the
 *   brokerage's final word settles it, never a timer.
 * The orders of a copy's sells are matched the same way (the sell's own request id): see applyToSell.
 */
@Injectable()
export class CopyOrderEventsHandler extends OrderEventsConsumer {
  protected readonly durableName = COPY_ORDER_EVENTS_DURABLE;

  constructor(
    consumers: EventConsumerRegistry,
    outbox: OutboxWriter,
    private readonly openQueue: MarketOpenQueue,
  ) {
    super(consumers, outbox);
  }

  async apply(envelope: OrderEventEnvelope, manager: EntityManager): Promise<void> {
    const meta = { correlationId: envelope.correlationId, causationId: envelope.id };
    const data = envelope.data;
    if (!data.requestId) return;
    const copy = await findCopyByRequest(manager, data.userId, data.requestId);
    if (!copy) return this.applyToSell(envelope, manager);
    if (!sameOrder(copy, data)) return;
    if (copy.brokerageAccountId === null)
      await manager.query(
        `UPDATE ${TABLE} SET brokerage_account_id = $2, updated_at = now() WHERE id = $1 AND brokerage_account_id IS NULL`,
        [copy.id, data.accountId],
      );
    if (envelope.type === OrderFilled.type) {
      const fill = data as OrderFilledV1;
      await settleCopyFill(
        manager,
        this.outbox,
        copy.id,
        {
          filledQuantity: fill.filledQuantity,
          averagePrice: fill.averagePrice,
          brokerageOrderId: fill.brokerageOrderId,
          orderState: 'FILLED',
          filledAt: new Date(fill.filledAt),
        },
        meta,
      );
      return;
    }
    if (envelope.type !== OrderUpdated.type) return;
    const update = data as OrderUpdatedV1;
    if (Number(update.filledQuantity) > 0 && update.averagePrice !== null) {
      await settleCopyFill(
        manager,
        this.outbox,
        copy.id,
        {
          filledQuantity: update.filledQuantity,
          averagePrice: update.averagePrice,
          brokerageOrderId: update.brokerageOrderId,
          orderState: update.state,
          filledAt: fillTimeOf(update),
        },
        meta,
      );
    } else if (update.final && update.state !== 'FILLED') {
      const notFilled = { id: copy.id, ...notFilledOf(update), brokerageOrderId: update.brokerageOrderId };
      const refused = await this.openQueue.queueClosedMarketRefusals(
        manager,
        [{ ...notFilled, orderState: update.state }],
        new Map([[copy.id, copy]]),
        envelope.correlationId,
      );
      await failCopies(manager, this.outbox, refused, meta);
    } else if (copy.status === 'PENDING') {
      await manager.query(
        `UPDATE ${TABLE} SET order_state = $2, brokerage_order_id = coalesce($3, brokerage_order_id),
                awaiting_confirmation = $4, updated_at = now()
          WHERE id = $1 AND status = 'PENDING'`,
        [copy.id, update.state, update.brokerageOrderId, update.state === 'UNKNOWN' || update.state === 'SUBMITTING'],
      );
    }
  }

  /**
   * The order of a copy's sell (matched by the user and the sell's request id): its fill settles the sell (and closes
   * the copy when nothing is held any more, CopyClosed in the same transaction); an order that ended with nothing
   * sold fails the sell. A partial fill still working waits for the order's final word.
   */
  private async applyToSell(envelope: OrderEventEnvelope, manager: EntityManager): Promise<void> {
    const data = envelope.data;
    if (data.action !== 'SELL') return;
    const sell = await findCopySell(manager, data.userId, data.requestId!);
    if (!sell || sell.status !== 'PENDING' || sell.brokerageAccountId !== data.accountId) return;
    const meta = { correlationId: envelope.correlationId, causationId: envelope.id };
    if (envelope.type === OrderFilled.type) {
      const fill = data as OrderFilledV1;
      await settleCopySellFill(
        manager,
        this.outbox,
        sell,
        {
          filledQuantity: fill.filledQuantity,
          averagePrice: fill.averagePrice,
          brokerageOrderId: fill.brokerageOrderId,
          filledAt: new Date(fill.filledAt),
        },
        meta,
      );
      return;
    }
    if (envelope.type !== OrderUpdated.type) return;
    const update = data as OrderUpdatedV1;
    if (!update.final) {
      if (update.brokerageOrderId) await noteCopySellOrder(manager, sell.id, update.brokerageOrderId);
      return;
    }
    if (Number(update.filledQuantity) > 0 && update.averagePrice !== null)
      await settleCopySellFill(
        manager,
        this.outbox,
        sell,
        {
          filledQuantity: update.filledQuantity,
          averagePrice: update.averagePrice,
          brokerageOrderId: update.brokerageOrderId,
          filledAt: fillTimeOf(update),
        },
        meta,
      );
    else
      await failCopySell(
        manager,
        sell.id,
        orderOutcomeText(update.state, update.providerStatus),
        update.brokerageOrderId,
      );
  }
}

/**
 * Why an order that ended with nothing filled placed nothing, as its copy records it: a brokerage's refusal for a
 * closed market in the words of the copy paths' own refusal (copyRefusalOf), anything else by the order's state.
 */
function notFilledOf(update: OrderUpdatedV1): { code: string; reason: string } {
  if (update.state === 'REJECTED' && update.rejectionCode === BrokerageErrorCode.MARKET_CLOSED)
    return { code: CopyTradeErrorCode.MARKET_CLOSED, reason: CopyTradeMessages.marketClosed };
  return { code: CopyTradeErrorCode.COPY_NOT_FILLED, reason: orderOutcomeText(update.state, update.providerStatus) };
}

/**
 * When the order filled: the brokerage's execution time the event carries. An event from before it carried one: its
 * occurredAt — when the brokerage service recorded the change, the earliest the fill was seen (never the moment this
 * consumer reads the event, which may be a redelivery long after).
 */
function fillTimeOf(update: OrderUpdatedV1): Date {
  return brokerageFillTimeOf(update, new Date(update.occurredAt));
}

/**
 * The event is about the copy's own order (a later sell of the copy has a request id of its own). An automatic copy
 * whose batch answer is not recorded yet names no account: the order's is the one the brokerage resolved.
 */
function sameOrder(copy: CopyRecord, data: OrderFilledV1 | OrderUpdatedV1): boolean {
  return (
    data.action === (copy.side === 'sell' ? 'SELL' : 'BUY') &&
    (copy.brokerageAccountId === null || data.accountId === copy.brokerageAccountId)
  );
}
