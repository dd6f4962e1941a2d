import type { EmailTopic, NotificationKind } from '@copytrade/contracts';

/**
 * The e-mail topic a notification of `kind` may be mailed under (stored as the row's `email_topic`; the mailer decides
 * at sending time whether the recipient's preferences allow it). Every kind has one.
 */
export function emailTopicOf(kind: NotificationKind): EmailTopic {
  switch (kind) {
    case 'trade_shared':
      return 'trade_shared';
    case 'trade_sold':
      return 'trade_sold';
    case 'copy_closed':
      return 'copied_trade_sold';
    case 'copy_opened':
    case 'copy_failed':
    case 'copy_skipped':
    case 'copy_close_abandoned':
    case 'copy_guard_triggered':
    case 'auto_copy_paused':
      return 'copy_activity';
    case 'new_subscriber':
      return 'new_subscribers';
    case 'trade_copied':
      return 'trade_copies';
    case 'unknown_order':
    case 'outbox_set_aside':
    case 'event_dead_lettered':
      return 'admin_alerts';
  }
}

/**
 * Kinds told to a trace owner about their trace: announced live only while the owner's `pushNotifications` switch is
 * on (the row is stored either way).
 */
export const OWNER_KINDS: ReadonlySet<NotificationKind> = new Set(['new_subscriber', 'trade_copied']);

/** Where each notification leads in the web app. */
export const NotificationLinks = {
  trace: (traceId: string) => `/trace/${traceId}`,
  traceDashboard: (traceId: string) => `/trace/${traceId}/dashboard`,
  myCopies: '/my-copies',
  admin: '/admin',
} as const;
