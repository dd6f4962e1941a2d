import type { NatsConnection } from '@nats-io/transport-node';
import { OpsAlertSubject, type OpsAlert } from '@copytrade/contracts';
import { errorMessage, type MessagingLogger } from './messaging-logger';

/** Enough of the error for a notification; the whole of it stays in the service's own table. */
const ALERT_ERROR_MAX_CHARS = 300;

/**
 * Announces an operational problem a person must look at (OpsAlertSubject), after the row that records it is
 * written. Best effort: a hint on core NATS, never failing the caller — the durable record is the row itself.
 */
export function publishOpsAlert(
  nc: NatsConnection,
  alert: Omit<OpsAlert, 'occurredAt'>,
  logger: MessagingLogger,
): void {
  try {
    if (nc.isClosed()) return;
    const error =
      alert.error && alert.error.length > ALERT_ERROR_MAX_CHARS
        ? `${alert.error.slice(0, ALERT_ERROR_MAX_CHARS - 1)}…`
        : alert.error;
    const message: OpsAlert = { ...alert, error, occurredAt: new Date().toISOString() };
    nc.publish(OpsAlertSubject, JSON.stringify(message));
  } catch (publishError) {
    logger.warn(`Announcing the ${alert.kind} ${alert.id} failed: ${errorMessage(publishError)}`);
  }
}
