import { Inject, Injectable } from '@nestjs/common';
import { BrokerageErrorCode } from '@copytrade/contracts';
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
import { COPY_ENGINE_RPC } from './copies.tokens';
import type { CopyRecord } from './copy-instances.store';
import { copyOrderOf } from './copy-placement';
import { brokerageFillTimeOf } from './brokerage-fill-time';
import { settleCopySellFill } from './copy-sell-settlement';
import { failCopySell, noteCopySellOrder, releaseCopySell, type CopySellRecord } from './copy-sells.store';

/**
 * The step of a copy's sell that talks to the brokerage, for a sell already recorded PENDING (the follower's own
 * sell, or the automatic close when the trader sells): the market sell under the sell's request id — the brokerage's
 * idempotency answers any repeat with the first order, never a second — and its answer written: filled → the sell
 * settled (the copy closes with CopyClosed when nothing is held any more); accepted → its order noted (its events
 * settle it, else CopySellSweeper asks again); refused → the sell FAILED with the reason (and the refusal thrown);
 * unreachable → released for CopySellSweeper. No answer in time is never "not placed" (MarketSell asks the
 * brokerage for the stored outcome).
 */
@Injectable()
export class CopySellPlacement {
  private readonly market: MarketSell;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) brokerage: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {
    this.market = new MarketSell(brokerage);
  }

  async place(sell: CopySellRecord, copy: CopyRecord, context: RpcCallContext): Promise<MarketSellOutcome> {
    let outcome: MarketSellOutcome;
    try {
      outcome = await this.market.sell(
        {
          userId: sell.userId,
          accountId: sell.brokerageAccountId,
          requestId: sell.requestId,
          order: copyOrderOf(copy, Number(sell.quantity)),
        },
        context,
      );
    } catch (error) {
      if (error instanceof DomainException && error.code !== BrokerageErrorCode.ORDER_IN_FLIGHT && error.status < 500)
        await failCopySell(this.dataSource.manager, sell.id, failureReasonOf(error));
      // Unreachable, or still being placed by another call: the sweeper asks again soon with the same id.
      else await releaseCopySell(this.dataSource.manager, sell.id, true);
      throw error;
    }
    const { order } = outcome;
    if (outcome.status === 'filled') {
      await this.dataSource.transaction((manager) =>
        settleCopySellFill(
          manager,
          this.outbox,
          sell,
          {
            filledQuantity: order.filledQuantity ?? order.quantity,
            averagePrice: order.executionPrice!,
            brokerageOrderId: order.brokerageOrderId,
            filledAt: brokerageFillTimeOf(order, new Date()),
          },
          { correlationId: context.requestId },
        ),
      );
      this.relay.kick();
    } else {
      if (order.brokerageOrderId) await noteCopySellOrder(this.dataSource.manager, sell.id, order.brokerageOrderId);
      // Accepted or unknown: its order events settle it; else the sweeper asks the brokerage again, later.
      await releaseCopySell(this.dataSource.manager, sell.id, false);
    }
    return outcome;
  }
}

function failureReasonOf(error: DomainException): string {
  const technical = (error.details as { technical?: unknown } | undefined)?.technical;
  return typeof technical === 'string' && technical ? technical : `${error.code}: ${error.message}`;
}
