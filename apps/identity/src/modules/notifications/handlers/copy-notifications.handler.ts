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
import type { EntityManager } from 'typeorm';
import { EventAge } from '../event-age';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts, instrumentOf, type NotificationText } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyEach, notifyUsers, upsertNotification, type FollowerSwitch } from '../notifications.store';
import { countCopiesOpened } from '../shared-trades.store';
import { NotificationConsumers } from './notification-consumers';

/**
 * Every copy-engine event: a copy's aggregate (`copy:<id>`: opened, failed, skipped, closed, close abandoned) and a
 * follower's guards (`copy-guards:<userId>`: guard triggered, automatic copying paused) live under different subjects,
 * and a consumer must see all of an aggregate's events to apply them in order (nats-server 2.9: one filter).
 */
export const COPY_ENGINE_EVENTS = 'events.copy-engine.>';
export const COPY_NOTIFICATIONS_DURABLE = 'identity-notifications-copy-engine';
/**
 * Events applied per transaction in a burst (group commit): a 10,000-follower fan-out's CopyOpened events become ~50
 * groups, each stored in a few statements, instead of 10,000 transactions (docs/notifications.md#throughput).
 */
const COPY_NOTIFICATIONS_GROUP_SIZE = 200;
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
 * ("12 followers copied AAPL"), counted in the projection of shared trades. A burst is applied in groups (group
 * commit): the group's copies opened are stored in one statement and counted per trade in one more; other events of
 * the group one by one (docs/notifications.md#throughput).
 */
@Injectable()
export class CopyNotificationsHandler implements OnModuleInit {
  constructor(
    private readonly consumers: NotificationConsumers,
    private readonly announcer: NotificationsAnnouncer,
    private readonly age: EventAge,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<CopyEngineEvent>({
      durableName: COPY_NOTIFICATIONS_DURABLE,
      filterSubject: COPY_ENGINE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
      groupSize: COPY_NOTIFICATIONS_GROUP_SIZE,
      groupHandler: (envelopes, manager) => this.applyGroup(envelopes, manager),
    });
  }

  /** A group's copies opened together; its other events one by one (their notifications do not depend on order). */
  async applyGroup(envelopes: Array<EventEnvelope<CopyEngineEvent>>, manager: EntityManager): Promise<void> {
    const opened: CopyOpenedV1[] = [];
    for (const envelope of envelopes) {
      if (envelope.type !== CopyOpened.type) await this.apply(envelope, manager);
      else if (!this.age.tooOldToNotify(envelope)) opened.push(envelope.data as CopyOpenedV1);
    }
    await this.openedAll(opened, manager);
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

  private opened(copy: CopyOpenedV1, manager: EntityManager): Promise<void> {
    return this.openedAll([copy], manager);
  }

  /** Each follower told of their copy, and each trade's owner of its count, in a statement per trade. */
  private async openedAll(copies: CopyOpenedV1[], manager: EntityManager): Promise<void> {
    if (copies.length === 0) return;
    const told = await notifyEach(
      manager,
      'copy_opened',
      NotificationLinks.myCopies,
      copies.map((copy) => ({
        userId: copy.userId,
        dedupeKey: `copy-opened:${copy.copyId}`,
        ...NotificationTexts.copyOpened(copy),
      })),
    );
    await this.announcer.afterCommit(manager, told);
    const followersByTrade = new Map<string, string[]>();
    for (const copy of copies) {
      const followers = followersByTrade.get(copy.originalTradeId) ?? [];
      followers.push(copy.userId);
      followersByTrade.set(copy.originalTradeId, followers);
    }
    for (const [tradeId, followerIds] of followersByTrade) {
      const trade = await countCopiesOpened(manager, tradeId, followerIds);
      if (!trade) continue;
      await upsertNotification(manager, trade.ownerUserId, {
        kind: 'trade_copied',
        ...NotificationTexts.tradeCopied(trade.copiesOpened, instrumentOf(trade)),
        link: NotificationLinks.traceDashboard(trade.traceId),
        dedupeKey: `trade-copied:${trade.tradeId}`,
      });
      if (trade.ownerPush) await this.announcer.afterCommit(manager, [trade.ownerUserId]);
    }
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
