import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AutoCopyPaused,
  CopyCloseAbandoned,
  CopyClosed,
  CopyFailed,
  CopyGuardTriggered,
  CopyOpened,
  CopySkipped,
  type AutoCopyPausedV1,
  type CopyCloseAbandonedV1,
  type CopyClosedV1,
  type CopyFailedV1,
  type CopyGuardTriggeredV1,
  type CopyOpenedV1,
  type CopySkippedV1,
  type EventEnvelope,
} from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { EventAge } from '../event-age';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts, instrumentOf, type NotificationText } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyUsers, upsertNotification, type FollowerSwitch } from '../notifications.store';
import { countCopyOpened } from '../shared-trades.store';

/**
 * Every copy-engine event: a copy's aggregate (`copy:<id>`: opened, failed, skipped, closed, close abandoned) and a
 * follower's guards (`copy-guards:<userId>`: guard triggered, automatic copying paused) live under different subjects,
 * and a consumer must see all of an aggregate's events to apply them in order (nats-server 2.9: one filter).
 */
export const COPY_ENGINE_EVENTS = 'events.copy-engine.>';
export const COPY_NOTIFICATIONS_DURABLE = 'identity-notifications-copy-engine';
type CopyEngineEvent =
  | CopyOpenedV1
  | CopyFailedV1
  | CopySkippedV1
  | CopyClosedV1
  | CopyCloseAbandonedV1
  | CopyGuardTriggeredV1
  | AutoCopyPausedV1;

/**
 * The follower is told of their copies (opened, not placed, skipped, closed — with notifyOnCopiedTradeSold —, close
 * abandoned), of their guards firing and of automatic copying paused by a guard (not by themselves); each keyed by the
 * copy or the event. A copy opened of a shared trade also raises the trade's owner's one `trade_copied` notification
 * ("12 followers copied AAPL"), counted in the projection of shared trades. One small transaction per event: about
 * 200 events/s on a 2-core machine, the commit's WAL flush the larger part of it; the default pull (batchSize 10)
 * keeps up with a pull of 200 there (docs/notifications.md#throughput).
 */
@Injectable()
export class CopyNotificationsHandler implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly announcer: NotificationsAnnouncer,
    private readonly age: EventAge,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<CopyEngineEvent>({
      durableName: COPY_NOTIFICATIONS_DURABLE,
      filterSubject: COPY_ENGINE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<CopyEngineEvent>, manager: EntityManager): Promise<void> {
    if (this.age.tooOldToNotify(envelope)) return;
    const data = envelope.data;
    switch (envelope.type) {
      case CopyOpened.type:
        return this.opened(data as CopyOpenedV1, manager);
      case CopyFailed.type: {
        const copy = data as CopyFailedV1;
        return this.tell(
          manager,
          copy.userId,
          'copy_failed',
          `copy-failed:${copy.copyId}`,
          NotificationTexts.copyFailed(copy),
        );
      }
      case CopySkipped.type: {
        const copy = data as CopySkippedV1;
        return this.tell(
          manager,
          copy.userId,
          'copy_skipped',
          `copy-skipped:${copy.copyId}`,
          NotificationTexts.copySkipped(copy),
        );
      }
      case CopyClosed.type: {
        const copy = data as CopyClosedV1;
        const text = NotificationTexts.copyClosed(copy);
        return this.tell(
          manager,
          copy.userId,
          'copy_closed',
          `copy-closed:${copy.copyId}`,
          text,
          'notifyOnCopiedTradeSold',
        );
      }
      case CopyCloseAbandoned.type: {
        const event = data as CopyCloseAbandonedV1;
        const text = NotificationTexts.copyCloseAbandoned(event);
        return this.tell(manager, event.userId, 'copy_close_abandoned', `copy-close-abandoned:${envelope.id}`, text);
      }
      case CopyGuardTriggered.type: {
        const event = data as CopyGuardTriggeredV1;
        const text = NotificationTexts.copyGuardTriggered(event);
        return this.tell(manager, event.userId, 'copy_guard_triggered', `copy-guard-triggered:${envelope.id}`, text);
      }
      case AutoCopyPaused.type: {
        const event = data as AutoCopyPausedV1;
        if (event.reason === 'user') return; // they paused it themselves
        const text = NotificationTexts.autoCopyPaused(event);
        return this.tell(manager, event.userId, 'auto_copy_paused', `auto-copy-paused:${envelope.id}`, text);
      }
    }
  }

  private async opened(copy: CopyOpenedV1, manager: EntityManager): Promise<void> {
    await this.tell(
      manager,
      copy.userId,
      'copy_opened',
      `copy-opened:${copy.copyId}`,
      NotificationTexts.copyOpened(copy),
    );
    const trade = await countCopyOpened(manager, copy.originalTradeId, copy.userId);
    if (!trade) return;
    await upsertNotification(manager, trade.ownerUserId, {
      kind: 'trade_copied',
      ...NotificationTexts.tradeCopied(trade.copiesOpened, instrumentOf(trade)),
      link: NotificationLinks.traceDashboard(trade.traceId),
      dedupeKey: `trade-copied:${trade.tradeId}`,
    });
    if (trade.ownerPush) await this.announcer.afterCommit(manager, [trade.ownerUserId]);
  }

  private async tell(
    manager: EntityManager,
    userId: string,
    kind:
      | 'copy_opened'
      | 'copy_failed'
      | 'copy_skipped'
      | 'copy_closed'
      | 'copy_close_abandoned'
      | 'copy_guard_triggered'
      | 'auto_copy_paused',
    dedupeKey: string,
    text: NotificationText,
    only: FollowerSwitch | null = null,
  ): Promise<void> {
    const told = await notifyUsers(
      manager,
      [userId],
      { kind, ...text, link: NotificationLinks.myCopies, dedupeKey },
      only,
    );
    await this.announcer.afterCommit(manager, told);
  }
}
