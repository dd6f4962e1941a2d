import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CopyTradeErrorCode,
  CopyTradeMessages,
  TradeClosed,
  type EventEnvelope,
  type TradeClosedV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { AfterCommit } from './after-commit';
import { TRADE_EVENTS } from './auto-copy-fanout.handler';
import { AutoCopyCloser } from './auto-copy-closer';
import { recordAutoCopyCloses } from './auto-copy-closes.store';
import { cancelQueuedCopiesOfTrade } from '../copies/market-open-queue.store';

export const AUTO_COPY_CLOSE_DURABLE = 'copy-engine-auto-copy-close';

/**
 * When a trader's shared trade closes (TradeClosed, after its TradeShared in the trade's aggregate order, once per
 * event: the inbox), the automatic copies of it held by followers who turned 'close my automatic copies when the
 * trader sells' on are recorded to be sold (auto_copy_closes, keyed (event, copy)); the closer sells them once this
 * commits. Manual copies and followers with the setting off are left alone. Before that, the trade's automatic copies
 * still queued for the market open (never sent) are cancelled — not placed, with the reason — whatever that setting:
 * no copy of a closed trade is sent at the next open.
 */
@Injectable()
export class AutoCopyCloseHandler implements OnModuleInit {
  private readonly logger = new Logger(AutoCopyCloseHandler.name);
  private readonly recorded: AfterCommit;

  constructor(
    private readonly consumers: EventConsumerRegistry,
    dataSource: DataSource,
    closer: AutoCopyCloser,
  ) {
    this.recorded = new AfterCommit(dataSource, 'auto-copy-closes-recorded', () => closer.kick());
  }

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TradeClosedV1>({
      durableName: AUTO_COPY_CLOSE_DURABLE,
      filterSubject: TRADE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<TradeClosedV1>, manager: EntityManager): Promise<void> {
    if (envelope.type !== TradeClosed.type) return;
    // Even a trade unshared before it closed: its copies still waiting for the open are never to be sent.
    const cancelled = await cancelQueuedCopiesOfTrade(manager, envelope.data.tradeId, {
      code: CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN,
      reason: CopyTradeMessages.traderClosedBeforeOpen,
    });
    if (cancelled.length > 0)
      this.logger.log(
        { eventId: envelope.id, tradeId: envelope.data.tradeId, cancelled: cancelled.length },
        'Queued copies cancelled',
      );
    if (!envelope.data.isShared) return;
    const recorded = await recordAutoCopyCloses(manager, envelope.id, envelope.data.tradeId);
    if (recorded === 0) return;
    this.recorded.mark(manager);
    this.logger.log({ eventId: envelope.id, tradeId: envelope.data.tradeId, recorded }, 'Automatic copies to close');
  }
}
