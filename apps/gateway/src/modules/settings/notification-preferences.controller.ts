import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdentityAccountRpc,
  Messages,
  UpdateNotificationPreferencesDto,
  type NotificationPreferencesResponse,
  type NotificationPreferencesRpcReply,
  type SaveNotificationPreferencesResponse,
  type UpdateNotificationPreferencesRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The session's user's notification switches (a bearer naming another user is refused by the session guard). */
@ApiTags('settings')
@Controller('api/user/notification-preferences')
export class NotificationPreferencesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async get(@Req() request: GatewayRequest): Promise<NotificationPreferencesResponse> {
    const { preferences } = await this.rpc.request<Record<string, never>, NotificationPreferencesRpcReply>(
      IdentityAccountRpc.getNotificationPreferences,
      {},
      rpcContextOf(request),
    );
    return { success: true, preferences };
  }

  @Put()
  async save(
    @Body() body: UpdateNotificationPreferencesDto,
    @Req() request: GatewayRequest,
  ): Promise<SaveNotificationPreferencesResponse> {
    const { emailNotifications, notifyOnTradeShared, notifyOnTradeSold, notifyOnCopiedTradeSold } = body;
    const changes = { emailNotifications, notifyOnTradeShared, notifyOnTradeSold, notifyOnCopiedTradeSold };
    const { preferences } = await this.rpc.request<
      UpdateNotificationPreferencesRpcRequest,
      NotificationPreferencesRpcReply
    >(IdentityAccountRpc.updateNotificationPreferences, changes, rpcContextOf(request));
    return { success: true, preferences, message: Messages.notificationPreferencesSaved };
  }
}
