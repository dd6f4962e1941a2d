import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX } from '../../rules/notifications.rules';

/**
 * What a notification tells. Followers: a trace they subscribe to shared or sold a trade they may see; their copy
 * opened, was not placed (failed), was skipped, was closed (by the trader's sell, a guard or themselves) or could not be
 * closed; automatic copying paused for them. Owners: a new subscriber; followers copied a shared trade (one notification
 * per trade, its count kept current). Admins: an order whose outcome is unknown; an outbox row set aside; an event
 * dead-lettered.
 */
export const NOTIFICATION_KINDS = [
  'trade_shared',
  'trade_sold',
  'copy_opened',
  'copy_failed',
  'copy_skipped',
  'copy_closed',
  'copy_close_abandoned',
  'copy_guard_triggered',
  'auto_copy_paused',
  'new_subscriber',
  'trade_copied',
  'unknown_order',
  'outbox_set_aside',
  'event_dead_lettered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The e-mail topics a recipient can unsubscribe from one at a time (each e-mail's one-click link turns off its
 * topic only). The first three are seed preferences (notifyOnTradeShared, notifyOnTradeSold, notifyOnCopiedTradeSold);
 * `copy_activity` covers the follower's own copies (opened, failed, skipped, close abandoned, guard closes, pauses);
 * the owner's topics are the dashboard's emailNewSubscribers and emailTradeCopies; `admin_alerts` an admin's alerts.
 */
export const EMAIL_TOPICS = [
  'trade_shared',
  'trade_sold',
  'copied_trade_sold',
  'copy_activity',
  'new_subscribers',
  'trade_copies',
  'admin_alerts',
] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];

/** One notification as the bell and /notifications show it. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The in-app path it leads to ("/my-copies", "/trace/<id>", "/trace/<id>/dashboard", "/admin"). */
  link: string;
  createdAt: string;
  /** Null while unread. */
  readAt: string | null;
}

// Defined with the rules the web app imports as values (the DTOs here are never in its bundle).
export {
  NOTIFICATIONS_BADGE_MAX,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
} from '../../rules/notifications.rules';

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value !== '' ? Number(value) : value);

/** GET /api/notifications?limit&cursor: newest first; `cursor` is the previous page's nextCursor. */
export class ListNotificationsQueryDto {
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be between 1 and ${NOTIFICATIONS_PAGE_MAX}` })
  @Max(NOTIFICATIONS_PAGE_MAX, { message: `limit must be between 1 and ${NOTIFICATIONS_PAGE_MAX}` })
  limit: number = NOTIFICATIONS_PAGE_DEFAULT;

  @IsOptional()
  @IsString({ message: 'cursor is not valid' })
  @MaxLength(200, { message: 'cursor is not valid' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is not valid' })
  cursor?: string;
}

export interface NotificationsPageResponse {
  success: true;
  notifications: NotificationView[];
  /** Null on the last page. */
  nextCursor: string | null;
  unreadCount: number;
}

/** GET /api/notifications/unread-count; also the reply of the mark-read calls. */
export interface UnreadNotificationsResponse {
  success: true;
  unreadCount: number;
}

/** POST /api/notifications/unsubscribe?token=…: the token of one e-mail's link (no session needed: RFC 8058). */
export class EmailUnsubscribeQueryDto {
  @IsString({ message: 'This unsubscribe link is not valid.' })
  @IsNotEmpty({ message: 'This unsubscribe link is not valid.' })
  @MaxLength(1_000, { message: 'This unsubscribe link is not valid.' })
  token: string;
}

export interface EmailUnsubscribeResponse {
  success: true;
  topic: EmailTopic;
  message: string;
}

/** The owner dashboard's notification switches (owner settings → Notifications), saved per owner. */
export interface OwnerNotificationPreferences {
  emailNewSubscribers: boolean;
  emailTradeCopies: boolean;
  emailRevenue: boolean;
  emailPerformanceAlerts: boolean;
  emailComments: boolean;
  pushNotifications: boolean;
}

export const DEFAULT_OWNER_NOTIFICATION_PREFERENCES: OwnerNotificationPreferences = {
  emailNewSubscribers: true,
  emailTradeCopies: true,
  emailRevenue: true,
  emailPerformanceAlerts: true,
  emailComments: false,
  pushNotifications: true,
};

const flag = (name: string) => ({ message: `${name} must be true or false` });

/** PUT /api/user/owner-notification-preferences: the flags to change; a missing flag keeps its value. */
export class UpdateOwnerNotificationPreferencesDto implements Partial<OwnerNotificationPreferences> {
  @IsOptional() @IsBoolean(flag('emailNewSubscribers')) emailNewSubscribers?: boolean;
  @IsOptional() @IsBoolean(flag('emailTradeCopies')) emailTradeCopies?: boolean;
  @IsOptional() @IsBoolean(flag('emailRevenue')) emailRevenue?: boolean;
  @IsOptional() @IsBoolean(flag('emailPerformanceAlerts')) emailPerformanceAlerts?: boolean;
  @IsOptional() @IsBoolean(flag('emailComments')) emailComments?: boolean;
  @IsOptional() @IsBoolean(flag('pushNotifications')) pushNotifications?: boolean;
}

export interface OwnerNotificationPreferencesResponse {
  success: true;
  preferences: OwnerNotificationPreferences;
}
export interface SaveOwnerNotificationPreferencesResponse {
  success: true;
  preferences: OwnerNotificationPreferences;
  message: string;
}
