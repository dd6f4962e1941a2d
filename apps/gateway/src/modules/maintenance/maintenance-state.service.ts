import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AdminRpc,
  MaintenanceModeBroadcastSubject,
  MaintenanceModeChanged,
  type EventEnvelope,
  type MaintenanceModeChangedV1,
  type MaintenanceStatusReply,
} from '@copytrade/contracts';
import {
  NATS_CONNECTION,
  onNatsReconnect,
  RpcClient,
  settleInboundMessages,
  subscribeToBroadcast,
  subscribeToLatest,
} from '@copytrade/nest';
import { randomUUID } from 'node:crypto';

/**
 * The gateway's copy of the maintenance switch: read once from admin at start, then kept current by the
 * MaintenanceModeChanged event (no polling of the database). Read-your-writes: admin also broadcasts the
 * event on core NATS before it answers the change, so every replica holds the new value before the admin's
 * next read; after a NATS reconnect (a broadcast may be lost) the value is read from admin again.
 */
@Injectable()
export class MaintenanceState implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MaintenanceState.name);
  private enabled: boolean | undefined;
  private lastEventAt = '';
  private stopSubscription?: () => Promise<void> | void;
  private stopBroadcast?: () => void;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopSubscription = await subscribeToLatest<MaintenanceModeChangedV1>(this.nats, {
      subject: MaintenanceModeChanged.subject,
      onEvent: (envelope) => this.apply(envelope.data.enabled, envelope.data.changedAt),
    });
    this.stopBroadcast = subscribeToBroadcast<EventEnvelope<MaintenanceModeChangedV1>>(
      this.nats,
      MaintenanceModeBroadcastSubject,
      (envelope) => this.apply(envelope.data.enabled, envelope.data.changedAt),
    );
    onNatsReconnect(this.nats, () => void this.refreshFromAdmin(true));
    void this.refreshFromAdmin();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopBroadcast?.();
    await this.stopSubscription?.();
  }

  /** The current value; asks admin directly only until the first answer or event arrives. */
  async isEnabled(): Promise<boolean> {
    if (this.enabled === undefined) await this.refreshFromAdmin();
    // A broadcast already in this process's socket is applied before the value is served.
    else await settleInboundMessages();
    return this.enabled ?? false;
  }

  private apply(enabled: boolean, changedAt: string): void {
    // Events can arrive after the initial read; an older change never overwrites a newer one.
    if (changedAt < this.lastEventAt) return;
    this.lastEventAt = changedAt;
    this.enabled = enabled;
  }

  /** `authoritative`: after a reconnect admin's value wins, since events may have been missed meanwhile. */
  private async refreshFromAdmin(authoritative = false): Promise<void> {
    try {
      const reply = await this.rpc.request<Record<string, never>, MaintenanceStatusReply>(
        AdminRpc.getMaintenanceStatus,
        {},
        { requestId: randomUUID() },
      );
      if (authoritative || this.lastEventAt === '') this.enabled = reply.isMaintenanceModeEnabled;
    } catch (error) {
      this.logger.warn({ err: error }, 'Maintenance status not available yet');
    }
  }
}
