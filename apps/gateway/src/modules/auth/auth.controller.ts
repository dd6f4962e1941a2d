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
  type VerifyTokenResponse,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { ProviderSecretForOwner } from './provider-secret-for-owner.service';
import { Public, Req } from './access.decorators';
import { rpcContextOf, type GatewayRequest } from './authenticated-request';
import { SessionCookie } from './session-cookie.service';
import { SessionResolver } from './session-resolver.service';

@ApiTags('auth')
@Controller('api')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cookie: SessionCookie,
    private readonly providerSecret: ProviderSecretForOwner,
    private readonly sessions: SessionResolver,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    const reply = await this.rpc.request<LoginRpcRequest, LoginRpcReply>(
      IdentityRpc.login,
      { username: body.username, password: body.password },
      rpcContextOf(request),
    );
    await this.cookie.start(request, response, reply);
    // The owner's own view carries the provider secret (docs/product.md#entities-and-fields); identity never holds it.
    return {
      success: true,
      user: await this.providerSecret.fill(reply.user, request),
      message: Messages.loginSucceeded,
    };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() request: GatewayRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LogoutResponse> {
    await this.cookie.revokeCurrent(request);
    this.cookie.clear(response);
    return { success: true, message: Messages.loggedOut };
  }

  @Get('verify-token')
  async verifyToken(@Req() request: GatewayRequest): Promise<VerifyTokenResponse> {
    const user = request.user;
    const sessionToken = this.cookie.tokenOf(request);
    if (!user || !sessionToken) throw DomainException.unauthenticated(Messages.notSignedIn);
    // Served from the session cache: the owner's view (with the provider secret) is fetched once per session;
    // a view missing the secret (brokerage slow) is not kept.
    const ownerView = await this.sessions.derived(
      sessionToken,
      'owner-view',
      () => this.providerSecret.fill(user, request),
      (view) => !view.snaptradeUserId || view.snaptradeUserSecret !== null,
    );
    return { success: true, user: ownerView };
  }
}
