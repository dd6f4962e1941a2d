import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DebugLogDto,
  IdentityDevToolsRpc,
  type DebugLogResponse,
  type RecordDebugLogRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The web app's debug lines: signed-in users only, bounded by the DTO, rate-limited per user by identity. */
@ApiTags('debug')
@Controller('api/debug')
export class GatewayDebugLogController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('log')
  @HttpCode(200)
  record(@Body() body: DebugLogDto, @Req() request: GatewayRequest): Promise<DebugLogResponse> {
    return this.rpc.request<RecordDebugLogRpcRequest, DebugLogResponse>(
      IdentityDevToolsRpc.recordDebugLog,
      { label: body.label, data: body.data },
      rpcContextOf(request),
    );
  }
}
