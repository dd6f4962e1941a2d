import { IsUUID } from 'class-validator';
import {
  ListNotificationsQueryDto,
  EmailUnsubscribeQueryDto,
  UpdateOwnerNotificationPreferencesDto,
  type EmailTopic,
  type NotificationView,
  type OwnerNotificationPreferences,
} from '../../http/identity/notifications.dto';
import { rpcCallOf } from '../rpc-call';

/**
 * The signed-in user's notifications (identity owns them, beside the preferences they honour). The actor is always
 * the subject: a user reads and marks only their own. `unsubscribe` is the one call without an actor — the signed
 * token of an e-mail's link names the recipient and the topic.
 */
export const NotificationsRpc = {
  list: 'rpc.identity.notifications.list',
  unreadCount: 'rpc.identity.notifications.unread-count',
  markRead: 'rpc.identity.notifications.mark-read',
  markAllRead: 'rpc.identity.notifications.mark-all-read',
  unsubscribe: 'rpc.identity.notifications.unsubscribe',
  getOwnerPreferences: 'rpc.identity.owner-notification-preferences.get',
  updateOwnerPreferences: 'rpc.identity.owner-notification-preferences.update',
} as const;

export interface NotificationsPageRpcReply {
  notifications: NotificationView[];
  nextCursor: string | null;
  unreadCount: number;
}
export interface UnreadNotificationsRpcReply {
  unreadCount: number;
}
export interface EmailUnsubscribeRpcReply {
  topic: EmailTopic;
  message: string;
}
export interface OwnerNotificationPreferencesRpcReply {
  preferences: OwnerNotificationPreferences;
}

export class MarkNotificationReadRpcPayload {
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;
}

export class ListNotificationsRpcCall extends rpcCallOf(ListNotificationsQueryDto) {}
export class MarkNotificationReadRpcCall extends rpcCallOf(MarkNotificationReadRpcPayload) {}
export class EmailUnsubscribeRpcCall extends rpcCallOf(EmailUnsubscribeQueryDto) {}
export class UpdateOwnerNotificationPreferencesRpcCall extends rpcCallOf(UpdateOwnerNotificationPreferencesDto) {}

/**
 * Core NATS broadcast (not an event: a hint, nothing is lost when it is missed — the bell reads on load and on every
 * reconnect): identity committed new notifications for these users. Every gateway replica pushes
 * `notification.created` to their open `/api/events` streams.
 */
export const NotificationsCreatedSubject = 'broadcast.identity.notifications.created';
export interface NotificationsCreated {
  userIds: string[];
}
/** User ids per broadcast message (a fan-out's notifications are announced in chunks). */
export const NOTIFICATIONS_CREATED_MAX_USER_IDS = 1_000;
