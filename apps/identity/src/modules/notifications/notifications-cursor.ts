import { DomainException } from '@copytrade/nest';
import type { NotificationsPosition } from './notifications.store';

// At most 18 digits: any such number of microseconds fits PostgreSQL's bigint and timestamptz (a 500 otherwise).
const POSITION = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The opaque cursor of a page of notifications: base64url of the last row's position (created_at, id). */
export const NotificationsCursor = {
  encode: ({ createdMicros, id }: NotificationsPosition): string =>
    Buffer.from(`${createdMicros}.${id}`).toString('base64url'),

  /** The position a cursor names; 400 for anything this service did not hand out. */
  decode(cursor: string): NotificationsPosition {
    const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!match) throw DomainException.badRequest('cursor is not valid');
    return { createdMicros: match[1]!, id: match[2]! };
  },
};
