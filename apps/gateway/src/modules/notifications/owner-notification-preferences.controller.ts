import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Messages,
  NotificationsRpc,
  UpdateOwnerNotificationPreferencesDto,
  type OwnerNotificationPreferencesResponse,
  type OwnerNotificationPreferencesRpcReply,
  type SaveOwnerNotificationPreferencesResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The session user's switches as a trace owner (owner dashboard → Settings → Notifications), for all their traces. */
@ApiTags('settings')
@Controller('api/user/owner-notification-preferences')
export class OwnerNotificationPreferencesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'The owner’s notification switches (defaults until first saved)' })
  async get(@Req() request: GatewayRequest): Promise<OwnerNotificationPreferencesResponse> {
    const { preferences } = await this.rpc.request<Record<string, never>, OwnerNotificationPreferencesRpcReply>(
      NotificationsRpc.getOwnerPreferences,
      {},
      rpcContextOf(request),
    );
    return { success: true, preferences };
  }

  @Put()
  @ApiOperation({ summary: 'Change the owner’s notification switches (a flag left out keeps its value)' })
  async save(
    @Body() body: UpdateOwnerNotificationPreferencesDto,
    @Req() request: GatewayRequest,
  ): Promise<SaveOwnerNotificationPreferencesResponse> {
    const changes: UpdateOwnerNotificationPreferencesDto = {
      emailNewSubscribers: body.emailNewSubscribers,
      emailTradeCopies: body.emailTradeCopies,
      emailRevenue: body.emailRevenue,
      emailPerformanceAlerts: body.emailPerformanceAlerts,
      emailComments: body.emailComments,
      pushNotifications: body.pushNotifications,
    };
    const { preferences } = await this.rpc.request<
      UpdateOwnerNotificationPreferencesDto,
      OwnerNotificationPreferencesRpcReply
    >(NotificationsRpc.updateOwnerPreferences, changes, rpcContextOf(request));
    return { success: true, preferences, message: Messages.notificationPreferencesSaved };
  }
}
