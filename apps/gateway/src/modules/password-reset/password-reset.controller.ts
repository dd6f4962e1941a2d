import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ForgotPasswordDto,
  IdentityPasswordResetRpc,
  ResetPasswordDto,
  type CompletePasswordResetRpcRequest,
  type ForgotPasswordResponse,
  type RequestPasswordResetRpcRequest,
  type ResetPasswordResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

@ApiTags('auth')
@Controller('api/auth')
export class GatewayPasswordResetController {
  constructor(private readonly rpc: RpcClient) {}

  /** Same answer whether or not the address has an account. */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  forgot(@Body() body: ForgotPasswordDto, @Req() request: GatewayRequest): Promise<ForgotPasswordResponse> {
    return this.rpc.request<RequestPasswordResetRpcRequest, ForgotPasswordResponse>(
      IdentityPasswordResetRpc.request,
      { email: body.email },
      rpcContextOf(request),
    );
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  reset(@Body() body: ResetPasswordDto, @Req() request: GatewayRequest): Promise<ResetPasswordResponse> {
    const { token, newPassword, confirmPassword } = body;
    return this.rpc.request<CompletePasswordResetRpcRequest, ResetPasswordResponse>(
      IdentityPasswordResetRpc.complete,
      { token, newPassword, confirmPassword },
      rpcContextOf(request),
    );
  }
}
