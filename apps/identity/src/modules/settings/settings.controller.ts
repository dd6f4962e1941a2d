import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityAccountRpc,
  ActorOnlyRpcCall,
  NotificationsRpc,
  UpdateOwnerNotificationPreferencesRpcCall,
  UpdateCopySettingsRpcCall,
  UpdateNotificationPreferencesRpcCall,
  type NotificationPreferencesRpcReply,
  type OwnerNotificationPreferencesRpcReply,
  type UserRpcReply,
} from '@copytrade/contracts';
import { NotificationPreferencesUseCase } from './use-cases/notification-preferences.use-case';
import { OwnerNotificationPreferencesUseCase } from './use-cases/owner-notification-preferences.use-case';
import { UpdateCopySettingsUseCase } from './use-cases/update-copy-settings.use-case';

@Controller()
export class SettingsController {
  constructor(
    private readonly copySettings: UpdateCopySettingsUseCase,
    private readonly notifications: NotificationPreferencesUseCase,
    private readonly ownerNotifications: OwnerNotificationPreferencesUseCase,
  ) {}

  @MessagePattern(IdentityAccountRpc.updateCopySettings)
  updateCopySettings(@Payload() request: UpdateCopySettingsRpcCall): Promise<UserRpcReply> {
    return this.copySettings.execute(request);
  }

  @MessagePattern(IdentityAccountRpc.getNotificationPreferences)
  notificationPreferences(@Payload() request: ActorOnlyRpcCall): Promise<NotificationPreferencesRpcReply> {
    return this.notifications.get(request);
  }

  @MessagePattern(IdentityAccountRpc.updateNotificationPreferences)
  updateNotificationPreferences(
    @Payload() request: UpdateNotificationPreferencesRpcCall,
  ): Promise<NotificationPreferencesRpcReply> {
    return this.notifications.update(request);
  }

  @MessagePattern(NotificationsRpc.getOwnerPreferences)
  ownerNotificationPreferences(@Payload() request: ActorOnlyRpcCall): Promise<OwnerNotificationPreferencesRpcReply> {
    return this.ownerNotifications.get(request);
  }

  @MessagePattern(NotificationsRpc.updateOwnerPreferences)
  updateOwnerNotificationPreferences(
    @Payload() request: UpdateOwnerNotificationPreferencesRpcCall,
  ): Promise<OwnerNotificationPreferencesRpcReply> {
    return this.ownerNotifications.update(request);
  }
}
