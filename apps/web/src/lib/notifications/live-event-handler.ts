import { LIVE_STREAM_OPENED, type LiveEventHandler } from '@/lib/live-events/live-event';

/**
 * The bell and /notifications read again when the live push says a notification was created, on the copy events
 * that create them, and whenever the stream (re)opens (a hint missed while it was down is not replayed).
 * The key is notificationKeys.ofUser's, written out: importing it would put the query code in a chunk of its own.
 */
export const notificationsLiveEventHandler: LiveEventHandler = (message, { userId, invalidate }) =>
  message.type === 'notification.created' || message.type === LIVE_STREAM_OPENED || message.type.startsWith('copy.')
    ? [invalidate(['notifications', userId])]
    : [];
