import { Injectable } from '@nestjs/common';
import { IdentityRpc, type SessionTokenRpcRequest } from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';
import { rpcContextOf, type GatewayRequest } from './authenticated-request';

/** The session cookie: httpOnly, SameSite=Lax, Secure with the __Host- prefix outside development. */
@Injectable()
export class SessionCookie {
  constructor(
    private readonly config: GatewayConfig,
    private readonly rpc: RpcClient,
  ) {}

  set(response: Response, token: string, expiresAt: Date): void {
    response.cookie(this.config.sessionCookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
      expires: expiresAt,
    });
  }

  clear(response: Response): void {
    response.clearCookie(this.config.sessionCookieName, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      path: '/',
    });
  }

  /** A new session (login, signup) replaces whatever session the browser held: no fixation. */
  async start(
    request: GatewayRequest,
    response: Response,
    session: { sessionToken: string; expiresAt: string },
  ): Promise<void> {
    await this.revokeCurrent(request);
    this.set(response, session.sessionToken, new Date(session.expiresAt));
  }

  /** The request's session token, if it sent one. */
  tokenOf(request: GatewayRequest): string | undefined {
    const sessionToken: unknown = request.cookies?.[this.config.sessionCookieName];
    return typeof sessionToken === 'string' && sessionToken ? sessionToken : undefined;
  }

  async revokeCurrent(request: GatewayRequest): Promise<void> {
    const sessionToken = this.tokenOf(request);
    if (!sessionToken) return;
    await this.rpc.request<SessionTokenRpcRequest, { revoked: true }>(
      IdentityRpc.logout,
      { sessionToken },
      rpcContextOf(request),
    );
  }
}
