import { Injectable } from '@nestjs/common';
import { UserSettingsChanged } from '@copytrade/contracts';
import { OutboxWriter } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { readNotificationPreferences } from './notification-preferences.reader';

/** Writes UserSettingsChanged, with the full settings after the change, in the changing transaction. */
@Injectable()
export class UserSettingsChangedPublisher {
  constructor(private readonly outbox: OutboxWriter) {}

  async publish(manager: EntityManager, userId: string, changedFields: string[], correlationId: string): Promise<void> {
    const user = await manager.findOneByOrFail(UserEntity, { id: userId });
    await this.outbox.add(
      manager,
      UserSettingsChanged,
      {
        userId,
        changedFields,
        copyTradingEnabled: user.copyTradingEnabled,
        defaultCopyAmount: user.defaultCopyAmount,
        maxCopyAmount: user.maxCopyAmount,
        closeAutoCopiesOnTraderSell: user.closeAutoCopiesOnTraderSell,
        notificationPreferences: await readNotificationPreferences(manager, userId),
        changedAt: new Date().toISOString(),
      },
      { correlationId, aggregateId: `user-settings:${userId}` },
    );
  }
}
