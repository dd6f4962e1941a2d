import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BetaMessages,
  IdentityBetaRpc,
  SendBetaCodeDto,
  VerifyBetaCodeDto,
  type BetaStatusResponse,
  type BetaStatusRpcReply,
  type SendBetaCodeResponse,
  type SendBetaCodeRpcRequest,
  type VerifyBetaCodeResponse,
  type VerifyBetaCodeRpcReply,
  type VerifyBetaCodeRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** Beta entry: capacity, code requests and code verification (all public). */
@ApiTags('beta')
@Controller('api')
export class GatewayBetaController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Get('auth/beta-status')
  async status(@Req() request: GatewayRequest): Promise<BetaStatusResponse> {
    const { currentCount, maxCount } = await this.rpc.request<Record<string, never>, BetaStatusRpcReply>(
      IdentityBetaRpc.status,
      {},
      rpcContextOf(request),
    );
    return { currentCount, maxCount };
  }

  @Public()
  @Post('send-beta-code')
  @HttpCode(200)
  send(@Body() body: SendBetaCodeDto, @Req() request: GatewayRequest): Promise<SendBetaCodeResponse> {
    return this.rpc.request<SendBetaCodeRpcRequest, SendBetaCodeResponse>(
      IdentityBetaRpc.sendCode,
      { email: body.email },
      rpcContextOf(request),
    );
  }

  @Public()
  @Post('verify-beta-code')
  @HttpCode(200)
  async verify(@Body() body: VerifyBetaCodeDto, @Req() request: GatewayRequest): Promise<VerifyBetaCodeResponse> {
    const { userExists } = await this.rpc.request<VerifyBetaCodeRpcRequest, VerifyBetaCodeRpcReply>(
      IdentityBetaRpc.verifyCode,
      { email: body.email, betaCode: body.betaCode },
      rpcContextOf(request),
    );
    return {
      success: true,
      userExists,
      message: userExists ? BetaMessages.verifiedExistingUser : BetaMessages.verifiedNewUser,
    };
  }
}
