import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CopyTradeErrorCode,
  CopyTradeMessages,
  TradeClosed,
  type EventEnvelope,
  type TradeClosedV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry, OutboxWriter, runAfterCommit } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { TRADE_EVENTS } from './auto-copy-fanout.handler';
import { AutoCopyCloser } from './auto-copy-closer';
import { recordAutoCopyCloses } from './auto-copy-closes.store';
import { cancelQueuedCopiesOfTrade } from '../copies/market-open-queue.store';
import { recordTraderClose } from '../follower-results/trade-facts.store';

export const AUTO_COPY_CLOSE_DURABLE = 'copy-engine-auto-copy-close';

/**
 * When a trader's shared trade closes (TradeClosed, after its TradeShared in the trade's aggregate order, once per
 * event: the inbox), the automatic copies of it held by followers who turned 'close my automatic copies when the
 * trader sells' on are recorded to be sold (auto_copy_closes, keyed (event, copy)); the closer sells them once this
 * commits. Manual copies and followers with the setting off are left alone. Before that, the trade's automatic copies
 * still queued for the market open (never sent) are cancelled — not placed, with the reason and a CopyFailed each —
 * whatever that setting: no copy of a closed trade is sent at the next open. The trader's close price is kept
 * (trader_closes) in the same transaction, for the trace's follower results.
 */
@Injectable()
export class AutoCopyCloseHandler implements OnModuleInit {
  private readonly logger = new Logger(AutoCopyCloseHandler.name);

  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly closer: AutoCopyCloser,
    private readonly outbox: OutboxWriter,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TradeClosedV1>({
      durableName: AUTO_COPY_CLOSE_DURABLE,
      filterSubject: TRADE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<TradeClosedV1>, manager: EntityManager): Promise<void> {
    if (envelope.type !== TradeClosed.type) return;
    // The trader's exit price (follower results: the trader's return on the trade its copies are measured beside).
    await recordTraderClose(manager, envelope.data);
    // Even a trade unshared before it closed: its copies still waiting for the open are never to be sent.
    const cancelled = await cancelQueuedCopiesOfTrade(
      manager,
      this.outbox,
      envelope.data.tradeId,
      { code: CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN, reason: CopyTradeMessages.traderClosedBeforeOpen },
      { correlationId: envelope.correlationId, causationId: envelope.id },
    );
    if (cancelled.length > 0)
      this.logger.log(
        { eventId: envelope.id, tradeId: envelope.data.tradeId, cancelled: cancelled.length },
        'Queued copies cancelled',
      );
    if (!envelope.data.isShared) return;
    const recorded = await recordAutoCopyCloses(manager, envelope.id, envelope.data.tradeId);
    if (recorded === 0) return;
    // The closer wakes once the closes are visible to it (its poll covers a wake-up this misses).
    await runAfterCommit(manager, () => this.closer.kick());
    this.logger.log({ eventId: envelope.id, tradeId: envelope.data.tradeId, recorded }, 'Automatic copies to close');
  }
}
