import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  IdentityRpc,
  LoginDto,
  Messages,
  type LoginResponse,
  type LoginRpcReply,
  type LoginRpcRequest,
  type LogoutResponse,
  type SessionTokenRpcRequest,
  type VerifyTokenResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';
import { Public, Req } from './access.decorators';
import { rpcContextOf, type GatewayRequest } from './authenticated-request';
import { SessionCookie } from './session-cookie.service';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(private readonly rpc: RpcClient, private readonly cookie: SessionCookie, private readonly config: GatewayConfig) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: GatewayRequest, @Res({ passthrough: true }) response: Response): Promise<LoginResponse> {
    const reply = await this.rpc.request<LoginRpcRequest, LoginRpcReply>(IdentityRpc.login, { username: body.username, password: body.password }, rpcContextOf(request));
    // A new session replaces whatever session the browser held (no fixation).
    await this.revokeCurrentSession(request);
    this.cookie.set(response, reply.sessionToken, new Date(reply.expiresAt));
    return { success: true, user: reply.user, message: Messages.loginSucceeded };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: GatewayRequest, @Res({ passthrough: true }) response: Response): Promise<LogoutResponse> {
    await this.revokeCurrentSession(request);
    this.cookie.clear(response);
    return { success: true, message: Messages.loggedOut };
  }

  @Get('verify-token')
  verifyToken(@Req() request: GatewayRequest): VerifyTokenResponse {
    if (!request.user) throw DomainException.unauthenticated(Messages.notSignedIn);
    return { success: true, user: request.user };
  }

  private async revokeCurrentSession(request: GatewayRequest): Promise<void> {
    const sessionToken: unknown = request.cookies?.[this.config.sessionCookieName];
    if (typeof sessionToken !== 'string' || !sessionToken) return;
    await this.rpc.request<SessionTokenRpcRequest, { revoked: true }>(IdentityRpc.logout, { sessionToken }, rpcContextOf(request));
  }
}
