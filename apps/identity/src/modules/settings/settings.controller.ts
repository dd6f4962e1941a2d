import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityAccountRpc,
  ActorOnlyRpcCall,
  UpdateCopySettingsRpcCall,
  UpdateNotificationPreferencesRpcCall,
  type NotificationPreferencesRpcReply,
  type UserRpcReply,
} from '@copytrade/contracts';
import { NotificationPreferencesUseCase } from './use-cases/notification-preferences.use-case';
import { UpdateCopySettingsUseCase } from './use-cases/update-copy-settings.use-case';

@Controller()
export class SettingsController {
  constructor(
    private readonly copySettings: UpdateCopySettingsUseCase,
    private readonly notifications: NotificationPreferencesUseCase,
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
}
