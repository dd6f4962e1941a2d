import { Injectable } from '@nestjs/common';
import {
  MaintenanceModeChanged,
  Messages,
  type MaintenanceStatusReply,
  type RpcRequest,
  type SetMaintenanceModeRpcRequest,
} from '@copytrade/contracts';
import { DomainException, OutboxRelay, OutboxWriter } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { AdminAuditLogEntity } from '../../audit/entities/admin-audit-log.entity';
import { PlatformSettingEntity } from '../entities/platform-setting.entity';
import { MAINTENANCE_MODE_KEY } from '../maintenance-mode.key';

/**
 * Admins only. The new value, its audit row and the MaintenanceModeChanged event commit together;
 * the relay then publishes the event, from which every gateway learns the new state.
 */
@Injectable()
export class SetMaintenanceModeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  async execute({
    actor,
    payload,
    requestId,
  }: RpcRequest<SetMaintenanceModeRpcRequest>): Promise<MaintenanceStatusReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);

    await this.dataSource.transaction(async (manager) => {
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
      await manager.insert(AdminAuditLogEntity, {
        actorUserId: actor.userId,
        action: 'maintenance-mode.set',
        oldValue: previousEnabled,
        newValue: payload.enabled,
        requestId,
      });
      await this.outbox.add(
        manager,
        MaintenanceModeChanged,
        {
          enabled: payload.enabled,
          previousEnabled,
          changedByUserId: actor.userId,
          changedAt: new Date().toISOString(),
        },
        { correlationId: requestId },
      );
    });
    this.relay.kick();
    return { isMaintenanceModeEnabled: payload.enabled };
  }
}
