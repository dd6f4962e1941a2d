import { Injectable } from '@nestjs/common';
import {
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
  type ListNotificationsQueryDto,
  type MarkNotificationReadRpcPayload,
  type NotificationsPageRpcReply,
  type RpcRequest,
  type UnreadNotificationsRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { requireActor } from '../../../common/actor';
import { NotificationsCursor } from '../notifications-cursor';
import { listNotifications, markAllRead, markRead, unreadCount } from '../notifications.store';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** The signed-in user's own notifications: a page newest first, the unread count, marking read. Never another's. */
@Injectable()
export class NotificationsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async list({ actor, payload }: RpcRequest<ListNotificationsQueryDto>): Promise<NotificationsPageRpcReply> {
    const { userId } = requireActor(actor);
    const limit = Math.min(payload.limit ?? NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX);
    const after = payload.cursor ? NotificationsCursor.decode(payload.cursor) : null;
    const manager = this.dataSource.manager;
    const [rows, unread] = await Promise.all([
      listNotifications(manager, userId, limit + 1, after),
      unreadCount(manager, userId),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      notifications: page.map(({ createdMicros: _position, ...view }) => view),
      nextCursor: rows.length > limit && last ? NotificationsCursor.encode(last) : null,
      unreadCount: unread,
    };
  }

  async unreadCount({ actor }: RpcRequest<Record<string, never>>): Promise<UnreadNotificationsRpcReply> {
    return { unreadCount: await unreadCount(this.dataSource.manager, requireActor(actor).userId) };
  }

  /** 404 for an id that is not one of the actor's own, whether it exists or not. */
  async markRead({ actor, payload }: RpcRequest<MarkNotificationReadRpcPayload>): Promise<UnreadNotificationsRpcReply> {
    const { userId } = requireActor(actor);
    const manager = this.dataSource.manager;
    if (!(await markRead(manager, userId, payload.id)))
      throw DomainException.notFound(NOTIFICATION_NOT_FOUND, 'NOTIFICATION_NOT_FOUND');
    return { unreadCount: await unreadCount(manager, userId) };
  }

  async markAllRead({ actor }: RpcRequest<Record<string, never>>): Promise<UnreadNotificationsRpcReply> {
    const { userId } = requireActor(actor);
    await markAllRead(this.dataSource.manager, userId);
    return { unreadCount: 0 };
  }
}
