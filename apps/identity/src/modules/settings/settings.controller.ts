import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityAccountRpc,
  type NotificationPreferencesRpcReply,
  type RpcRequest,
  type UpdateCopySettingsRpcRequest,
  type UpdateNotificationPreferencesRpcRequest,
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
  updateCopySettings(@Payload() request: RpcRequest<UpdateCopySettingsRpcRequest>): Promise<UserRpcReply> {
    return this.copySettings.execute(request);
  }

  @MessagePattern(IdentityAccountRpc.getNotificationPreferences)
  notificationPreferences(
    @Payload() request: RpcRequest<Record<string, never>>,
  ): Promise<NotificationPreferencesRpcReply> {
    return this.notifications.get(request);
  }

  @MessagePattern(IdentityAccountRpc.updateNotificationPreferences)
  updateNotificationPreferences(
    @Payload() request: RpcRequest<UpdateNotificationPreferencesRpcRequest>,
  ): Promise<NotificationPreferencesRpcReply> {
    return this.notifications.update(request);
  }
}
