import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdentityAccountRpc,
  Messages,
  UpdateCopySettingsDto,
  UpdateCopyTradingDto,
  type CopySettingsResponse,
  type UpdateCopySettingsRpcRequest,
  type UserRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * The session's user's copy-trading switch, amounts and 'close my automatic copies when the trader sells'
 * switch (the last two by update-copy-settings); both answer with the updated user.
 */
@ApiTags('settings')
@Controller('api')
export class CopySettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('update-copy-trading')
  @HttpCode(200)
  async updateCopyTrading(
    @Body() body: UpdateCopyTradingDto,
    @Req() request: GatewayRequest,
  ): Promise<CopySettingsResponse> {
    const user = await this.update({ copyTradingEnabled: body.copyTradingEnabled }, request);
    return { success: true, user, message: Messages.copyTradingUpdated(user.copyTradingEnabled) };
  }

  @Post('update-copy-settings')
  @HttpCode(200)
  async updateCopySettings(
    @Body() body: UpdateCopySettingsDto,
    @Req() request: GatewayRequest,
  ): Promise<CopySettingsResponse> {
    const user = await this.update(
      {
        defaultCopyAmount: body.defaultCopyAmount,
        maxCopyAmount: body.maxCopyAmount,
        closeAutoCopiesOnTraderSell: body.closeAutoCopiesOnTraderSell,
      },
      request,
    );
    return { success: true, user, message: Messages.copySettingsUpdated };
  }

  private async update(changes: UpdateCopySettingsRpcRequest, request: GatewayRequest) {
    const reply = await this.rpc.request<UpdateCopySettingsRpcRequest, UserRpcReply>(
      IdentityAccountRpc.updateCopySettings,
      changes,
      rpcContextOf(request),
    );
    return reply.user;
  }
}
