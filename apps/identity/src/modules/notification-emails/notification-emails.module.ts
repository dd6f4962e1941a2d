import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { SettingsModule } from '../settings/settings.module';
import { NotificationEmailOptOutEntity } from './entities/notification-email-opt-out.entity';
import { NotificationEmailQueueStore } from './notification-email-queue.store';
import { NotificationEmailWorker } from './notification-email-worker';
import { NotificationEmailsController } from './notification-emails.controller';
import { UnsubscribeTokens } from './unsubscribe-tokens';
import { UnsubscribeEmailTopicUseCase } from './use-cases/unsubscribe-email-topic.use-case';

/** The notifications' e-mail channel: the coalescing, rate-limited worker and the one-click unsubscribe. */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationEmailOptOutEntity]), SettingsModule],
  controllers: [NotificationEmailsController],
  providers: [
    {
      provide: UnsubscribeTokens,
      inject: [IdentityConfig],
      useFactory: (config: IdentityConfig) => new UnsubscribeTokens(config.notificationUnsubscribeSecret),
    },
    NotificationEmailQueueStore,
    NotificationEmailWorker,
    UnsubscribeEmailTopicUseCase,
  ],
})
export class NotificationEmailsModule {}
