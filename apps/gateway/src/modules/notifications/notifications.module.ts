import { Module } from '@nestjs/common';
import { GatewayNotificationsController } from './notifications.controller';
import { OwnerNotificationPreferencesController } from './owner-notification-preferences.controller';

/** The bell, /notifications, the e-mails' unsubscribe link and the owner's notification switches (identity's). */
@Module({ controllers: [GatewayNotificationsController, OwnerNotificationPreferencesController] })
export class GatewayNotificationsModule {}
