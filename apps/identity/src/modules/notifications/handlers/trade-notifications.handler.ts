import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  TRADE_VIEWERS_PAGE_MAX,
  TradeAudienceRpc,
  TradeClosed,
  TradeShared,
  type EventEnvelope,
  type TradeClosedV1,
  type TradeSharedV1,
  type TradeViewersRpcPayload,
  type TradeViewersRpcReply,
} from '@copytrade/contracts';
import type { RpcClient } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { EventAge } from '../event-age';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts, type NotificationText } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyUsers, type FollowerSwitch } from '../notifications.store';
import { IDENTITY_RPC } from '../notifications.tokens';
import { closeSharedTrade, recordSharedTrade } from '../shared-trades.store';
import { NotificationConsumers } from './notification-consumers';

/** Every event of a trade's aggregate (`trade:<id>`: TradeShared, then TradeClosed), so its version order has no gap. */
export const TRADE_EVENTS = TradeShared.subject.replace(/shared\.v1$/, '>');
export const TRADE_NOTIFICATIONS_DURABLE = 'identity-notifications-trades';

/**
 * A shared trade (TradeShared) and its sell (TradeClosed of a shared trade) told to every follower who may see it —
 * asked of traces a page at a time (rpc.traces.trade-audience.list: active subscribers whose tier ranks at or above the
 * trade's, never the owner) — whose notifyOnTradeShared / notifyOnTradeSold switch is on: one INSERT … SELECT per
 * page, in the inbox's transaction, keyed by the trade (a redelivery notifies no one twice). Keeps the projection of
 * shared trades the copy notifications read (the trace's name, the owner, the count of copies).
 */
@Injectable()
export class TradeNotificationsHandler implements OnModuleInit {
  constructor(
    private readonly consumers: NotificationConsumers,
    @Inject(IDENTITY_RPC) private readonly rpc: RpcClient,
    private readonly announcer: NotificationsAnnouncer,
    private readonly age: EventAge,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TradeSharedV1 | TradeClosedV1>({
      durableName: TRADE_NOTIFICATIONS_DURABLE,
      filterSubject: TRADE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<TradeSharedV1 | TradeClosedV1>, manager: EntityManager): Promise<void> {
    if (envelope.type === TradeShared.type) await this.shared(envelope as EventEnvelope<TradeSharedV1>, manager);
    else if (envelope.type === TradeClosed.type) await this.closed(envelope as EventEnvelope<TradeClosedV1>, manager);
  }

  private async shared(envelope: EventEnvelope<TradeSharedV1>, manager: EntityManager): Promise<void> {
    const trade = envelope.data;
    const record = (traceName: string | null) =>
      recordSharedTrade(manager, {
        tradeId: trade.tradeId,
        traceId: trade.traceId,
        ownerUserId: trade.ownerUserId,
        traceName,
        symbol: trade.symbol,
        optionsTicker: trade.optionsTicker,
        sharedAt: trade.sharedAt,
      });
    if (this.age.tooOldToNotify(envelope)) return record(null);
    await this.tellViewers(envelope, manager, {
      kind: 'trade_shared',
      only: 'notifyOnTradeShared',
      dedupeKey: `trade-shared:${trade.tradeId}`,
      text: (traceName) => NotificationTexts.tradeShared(trade, traceName),
      onTrace: record,
    });
  }

  private async closed(envelope: EventEnvelope<TradeClosedV1>, manager: EntityManager): Promise<void> {
    const trade = envelope.data;
    const known = await closeSharedTrade(manager, trade.tradeId, trade.closedAt);
    if (!trade.isShared || this.age.tooOldToNotify(envelope)) return;
    await this.tellViewers(envelope, manager, {
      kind: 'trade_sold',
      only: 'notifyOnTradeSold',
      dedupeKey: `trade-sold:${trade.tradeId}`,
      text: (traceName) => NotificationTexts.tradeSold(trade, known?.traceName ?? traceName),
    });
  }

  /** Pages the trade's viewers from traces, storing the notification for each page's followers as it comes. */
  private async tellViewers(
    envelope: EventEnvelope<TradeSharedV1 | TradeClosedV1>,
    manager: EntityManager,
    told: {
      kind: 'trade_shared' | 'trade_sold';
      only: FollowerSwitch;
      dedupeKey: string;
      text: (traceName: string | null) => NotificationText;
      onTrace?: (traceName: string | null) => Promise<void>;
    },
  ): Promise<void> {
    const { tradeId, traceId, ownerUserId } = envelope.data;
    const notified: string[] = [];
    let after: string | null = null;
    let text: NotificationText | undefined;
    do {
      const page: TradeViewersRpcReply = await this.rpc.request<TradeViewersRpcPayload, TradeViewersRpcReply>(
        TradeAudienceRpc.list,
        { tradeId, after, limit: TRADE_VIEWERS_PAGE_MAX },
        { requestId: envelope.correlationId },
      );
      if (!text) {
        const traceName = page.trace?.name ?? null;
        await told.onTrace?.(traceName);
        text = told.text(traceName);
      }
      const followers = page.userIds.filter((userId) => userId !== ownerUserId);
      notified.push(
        ...(await notifyUsers(
          manager,
          followers,
          { kind: told.kind, ...text, link: NotificationLinks.trace(traceId), dedupeKey: told.dedupeKey },
          told.only,
        )),
      );
      after = page.nextCursor;
    } while (after);
    await this.announcer.afterCommit(manager, notified);
  }
}
