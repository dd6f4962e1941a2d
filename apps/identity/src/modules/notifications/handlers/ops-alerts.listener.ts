import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { OpsAlertSubject, type OpsAlert } from '@copytrade/contracts';
import { NATS_CONNECTION, subscribeToBroadcast } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { NotificationLinks } from '../notification-kinds';
import { NotificationTexts } from '../notification-texts';
import { NotificationsAnnouncer } from '../notifications-announcer';
import { notifyAdmins } from '../notifications.store';
import { NotificationConsumers } from './notification-consumers';

const isOpsAlert = (value: unknown): value is OpsAlert => {
  const alert = value as Partial<OpsAlert> | null;
  return (
    !!alert &&
    (alert.kind === 'outbox_set_aside' || alert.kind === 'event_dead_lettered') &&
    typeof alert.service === 'string' &&
    typeof alert.id === 'string' &&
    typeof alert.subject === 'string' &&
    (alert.error === null || typeof alert.error === 'string')
  );
};

/**
 * Every admin is told of an outbox row set aside or an event dead-lettered in any service (OpsAlertSubject, published
 * by the messaging library once the row is recorded), keyed `<kind>:<service>:<id>`: a repeat tells no one twice. A
 * core NATS hint: one missed while identity is down stays in the service's table (`npm run events`).
 */
@Injectable()
export class OpsAlertsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OpsAlertsListener.name);
  private unsubscribe: (() => void) | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly dataSource: DataSource,
    private readonly announcer: NotificationsAnnouncer,
    private readonly consumers: NotificationConsumers,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.consumers.enabled) return;
    this.unsubscribe = subscribeToBroadcast<unknown>(this.nc, OpsAlertSubject, (message) => {
      if (!isOpsAlert(message)) return this.logger.warn('An ops alert of an unknown shape: ignored');
      const recording = this.record(message)
        .catch((error: unknown) => this.logger.warn({ err: error, alert: message }, 'Recording an ops alert failed'))
        .finally(() => this.pending.delete(recording));
      this.pending.add(recording);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await Promise.all(this.pending);
  }

  async record(alert: OpsAlert): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const admins = await notifyAdmins(manager, {
        kind: alert.kind,
        ...NotificationTexts.opsAlert(alert),
        link: NotificationLinks.admin,
        dedupeKey: `${alert.kind}:${alert.service}:${alert.id}`,
      });
      await this.announcer.afterCommit(manager, admins);
    });
  }
}
