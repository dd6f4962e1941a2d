import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { NotificationPreferencesEntity } from './entities/notification-preferences.entity';
import { SettingsController } from './settings.controller';
import { NotificationPreferencesUseCase } from './use-cases/notification-preferences.use-case';
import { OwnerNotificationPreferencesUseCase } from './use-cases/owner-notification-preferences.use-case';
import { UpdateCopySettingsUseCase } from './use-cases/update-copy-settings.use-case';
import { UserSettingsChangedPublisher } from './user-settings-changed.publisher';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, NotificationPreferencesEntity])],
  controllers: [SettingsController],
  providers: [
    UserSettingsChangedPublisher,
    UpdateCopySettingsUseCase,
    NotificationPreferencesUseCase,
    OwnerNotificationPreferencesUseCase,
  ],
  exports: [NotificationPreferencesUseCase],
})
export class SettingsModule {}
