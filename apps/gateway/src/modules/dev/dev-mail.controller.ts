import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DevMailQueryDto,
  IdentityDevToolsRpc,
  type DevMailResponse,
  type ListDevMailRpcReply,
  type ListDevMailRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The mails the product would have sent (newest first), to anyone: registered only with DEV_TOOLS=true. */
@ApiTags('dev')
@Controller('api/dev')
export class GatewayDevMailController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('mail')
  async mail(
    @Query() query: DevMailQueryDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DevMailResponse> {
    response.setHeader('Cache-Control', 'no-store');
    const { mails } = await this.rpc.request<ListDevMailRpcRequest, ListDevMailRpcReply>(
      IdentityDevToolsRpc.listDevMail,
      { to: query.to },
      rpcContextOf(request),
    );
    return { success: true, mails };
  }
}
