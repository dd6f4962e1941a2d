/**
 * Core NATS broadcast of an operational problem a person must look at, published by the messaging library of the
 * service where it happened, after the commit that recorded it: an outbox row the relay set aside, or an event a
 * consumer dead-lettered. Identity turns each into a notification for every admin (keyed by service, kind and id, so
 * a repeat notifies no one twice). A hint: the durable record is the service's own table (`npm run events`).
 */
export const OpsAlertSubject = 'broadcast.ops.alert';

export type OpsAlertKind = 'outbox_set_aside' | 'event_dead_lettered';

export interface OpsAlert {
  kind: OpsAlertKind;
  /** The service whose table holds the row (its schema name). */
  service: string;
  /** The outbox row's or the dead letter's id. */
  id: string;
  /** The event's subject. */
  subject: string;
  /** The last error, shortened. */
  error: string | null;
  occurredAt: string;
}
