import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AdminRpc,
  MaintenanceModeChanged,
  type MaintenanceModeChangedV1,
  type MaintenanceStatusReply,
} from '@copytrade/contracts';
import { NATS_CONNECTION, RpcClient, subscribeToLatest } from '@copytrade/nest';
import { randomUUID } from 'node:crypto';

/**
 * The gateway's copy of the maintenance switch: read once from admin at start, then kept current by the
 * MaintenanceModeChanged event (no polling of the database).
 */
@Injectable()
export class MaintenanceState implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MaintenanceState.name);
  private enabled: boolean | undefined;
  private lastEventAt = '';
  private stopSubscription?: () => Promise<void> | void;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopSubscription = await subscribeToLatest<MaintenanceModeChangedV1>(this.nats, {
      subject: MaintenanceModeChanged.subject,
      onEvent: (envelope) => this.apply(envelope.data.enabled, envelope.data.changedAt),
    });
    void this.refreshFromAdmin();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSubscription?.();
  }

  /** The current value; asks admin directly only until the first answer or event arrives. */
  async isEnabled(): Promise<boolean> {
    if (this.enabled === undefined) await this.refreshFromAdmin();
    return this.enabled ?? false;
  }

  private apply(enabled: boolean, changedAt: string): void {
    // Events can arrive after the initial read; an older change never overwrites a newer one.
    if (changedAt < this.lastEventAt) return;
    this.lastEventAt = changedAt;
    this.enabled = enabled;
  }

  private async refreshFromAdmin(): Promise<void> {
    try {
      const reply = await this.rpc.request<Record<string, never>, MaintenanceStatusReply>(
        AdminRpc.getMaintenanceStatus,
        {},
        { requestId: randomUUID() },
      );
      if (this.lastEventAt === '') this.enabled = reply.isMaintenanceModeEnabled;
    } catch (error) {
      this.logger.warn({ err: error }, 'Maintenance status not available yet');
    }
  }
}
