import { Module } from '@nestjs/common';
import { CopySettingsController } from './copy-settings.controller';
import { NotificationPreferencesController } from './notification-preferences.controller';

@Module({ controllers: [CopySettingsController, NotificationPreferencesController] })
export class GatewaySettingsModule {}
