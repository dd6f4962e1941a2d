import { Injectable } from '@nestjs/common';
import type {
  OwnerNotificationPreferences,
  OwnerNotificationPreferencesRpcReply,
  RpcRequest,
  UpdateOwnerNotificationPreferencesDto,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { requireActor } from '../../../common/actor';
import { OwnerNotificationPreferencesEntity } from '../entities/owner-notification-preferences.entity';
import { OWNER_NOTIFICATION_FLAGS, readOwnerNotificationPreferences } from '../owner-notification-preferences.reader';

/** The session's user's owner-dashboard notification switches; a missing flag keeps its value. */
@Injectable()
export class OwnerNotificationPreferencesUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async get({ actor }: RpcRequest<Record<string, never>>): Promise<OwnerNotificationPreferencesRpcReply> {
    return {
      preferences: await readOwnerNotificationPreferences(this.dataSource.manager, requireActor(actor).userId),
    };
  }

  async update({
    actor,
    payload,
  }: RpcRequest<UpdateOwnerNotificationPreferencesDto>): Promise<OwnerNotificationPreferencesRpcReply> {
    const { userId } = requireActor(actor);
    const preferences = await this.dataSource.transaction(async (manager) => {
      // Serialises concurrent saves of one owner so each sees the other's result.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('owner-notification-preferences:' || $1))`, [userId]);
      const current = await readOwnerNotificationPreferences(manager, userId);
      const next: OwnerNotificationPreferences = { ...current, ...pickFlags(payload) };
      if (OWNER_NOTIFICATION_FLAGS.every((flag) => next[flag] === current[flag])) return current;
      await manager.upsert(OwnerNotificationPreferencesEntity, { userId, ...next }, ['userId']);
      return next;
    });
    return { preferences };
  }
}

function pickFlags(payload: UpdateOwnerNotificationPreferencesDto): Partial<OwnerNotificationPreferences> {
  return Object.fromEntries(
    OWNER_NOTIFICATION_FLAGS.filter((flag) => typeof payload[flag] === 'boolean').map((flag) => [flag, payload[flag]]),
  );
}
