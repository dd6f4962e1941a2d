import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminRpc,
  Messages,
  SetMaintenanceModeDto,
  type MaintenanceStatusReply,
  type MaintenanceStatusResponse,
  type SetMaintenanceModeResponse,
  type SetMaintenanceModeRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { MaintenanceState } from './maintenance-state.service';

@ApiTags('maintenance')
@Controller('api')
export class GatewayMaintenanceController {
  constructor(
    private readonly state: MaintenanceState,
    private readonly rpc: RpcClient,
  ) {}

  @Public()
  @Get('maintenance-status')
  async status(): Promise<MaintenanceStatusResponse> {
    return { isMaintenanceModeEnabled: await this.state.isEnabled() };
  }

  @AdminOnly()
  @Post('set-maintenance-mode')
  @HttpCode(200)
  async set(@Body() body: SetMaintenanceModeDto, @Req() request: GatewayRequest): Promise<SetMaintenanceModeResponse> {
    const reply = await this.rpc.request<SetMaintenanceModeRpcRequest, MaintenanceStatusReply>(
      AdminRpc.setMaintenanceMode,
      { enabled: body.enabled },
      rpcContextOf(request),
    );
    return {
      success: true,
      isMaintenanceModeEnabled: reply.isMaintenanceModeEnabled,
      message: Messages.maintenanceUpdated(reply.isMaintenanceModeEnabled),
    };
  }
}
