import { Injectable, type OnModuleInit } from '@nestjs/common';
import { UserSettingsChanged, type EventEnvelope, type UserSettingsChangedV1 } from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { saveFollowerSettings } from './follower-settings.store';

export const FOLLOWER_SETTINGS_DURABLE = 'copy-engine-follower-settings';

/**
 * Keeps copy_engine.follower_settings from identity's UserSettingsChanged (aggregate `user-settings:<userId>`, the
 * only event of that aggregate, so the consumer applies each user's changes in order, once each — the inbox). Each
 * event carries the full settings after the change, so the row is simply replaced. An event from before
 * closeAutoCopiesOnTraderSell existed means it off.
 */
@Injectable()
export class FollowerSettingsHandler implements OnModuleInit {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<UserSettingsChangedV1>({
      durableName: FOLLOWER_SETTINGS_DURABLE,
      filterSubject: UserSettingsChanged.subject,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<UserSettingsChangedV1>, manager: EntityManager): Promise<void> {
    const data = envelope.data;
    await saveFollowerSettings(manager, {
      userId: data.userId,
      copyTradingEnabled: data.copyTradingEnabled,
      defaultCopyAmount: data.defaultCopyAmount,
      maxCopyAmount: data.maxCopyAmount,
      closeAutoCopiesOnTraderSell: data.closeAutoCopiesOnTraderSell ?? false,
      changedAt: new Date(data.changedAt),
    });
  }
}
