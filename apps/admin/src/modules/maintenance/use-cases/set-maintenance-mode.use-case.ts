import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  MaintenanceModeBroadcastSubject,
  MaintenanceModeChanged,
  Messages,
  type MaintenanceStatusReply,
  type RpcRequest,
  type SetMaintenanceModeRpcRequest,
} from '@copytrade/contracts';
import { DomainException, NATS_CONNECTION, OutboxRelay, OutboxWriter, publishBeforeReply } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { AdminAuditRecorder } from '../../audit/admin-audit.recorder';
import { PlatformSettingEntity } from '../entities/platform-setting.entity';
import { MAINTENANCE_MODE_KEY } from '../maintenance-mode.key';

/**
 * Admins only. The new value, its audit row and the MaintenanceModeChanged event commit together; the relay
 * then publishes the event, from which every gateway learns the new state. Read-your-writes: before answering,
 * the same envelope is broadcast on core NATS (flushed), so the next maintenance-status read on ANY gateway
 * replica already serves the new value; the JetStream event stays the catch-up for a gateway that missed it.
 */
@Injectable()
export class SetMaintenanceModeUseCase {
  private readonly logger = new Logger(SetMaintenanceModeUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
    private readonly auditLog: AdminAuditRecorder,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  async execute({
    actor,
    payload,
    requestId,
  }: RpcRequest<SetMaintenanceModeRpcRequest>): Promise<MaintenanceStatusReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);

    const event = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(PlatformSettingEntity, {
        where: { key: MAINTENANCE_MODE_KEY },
        lock: { mode: 'pessimistic_write' },
      });
      const previousEnabled = current?.value === true;
      await manager.upsert(
        PlatformSettingEntity,
        { key: MAINTENANCE_MODE_KEY, value: payload.enabled, updatedBy: actor.userId },
        ['key'],
      );
      await this.auditLog.record(
        { actor, requestId },
        {
          action: 'maintenance-mode.set',
          target: { type: 'platform-setting', id: MAINTENANCE_MODE_KEY },
          before: previousEnabled,
          after: payload.enabled,
        },
        manager,
      );
      return this.outbox.add(
        manager,
        MaintenanceModeChanged,
        {
          enabled: payload.enabled,
          previousEnabled,
          changedByUserId: actor.userId,
          changedAt: new Date().toISOString(),
        },
        { correlationId: requestId, aggregateId: `platform-setting:${MAINTENANCE_MODE_KEY}` },
      );
    });
    this.relay.kick();
    await publishBeforeReply(this.nats, MaintenanceModeBroadcastSubject, event).catch((error: unknown) =>
      // The change is committed: the gateways learn it from the event instead.
      this.logger.warn({ err: error }, 'Maintenance broadcast failed; gateways follow the event'),
    );
    return { isMaintenanceModeEnabled: payload.enabled };
  }
}
