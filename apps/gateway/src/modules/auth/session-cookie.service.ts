import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';

/** The session cookie: httpOnly, SameSite=Lax, Secure with the __Host- prefix outside development. */
@Injectable()
export class SessionCookie {
  constructor(private readonly config: GatewayConfig) {}

  set(response: Response, token: string, expiresAt: Date): void {
    response.cookie(this.config.sessionCookieName, token, { httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies, path: '/', expires: expiresAt });
  }

  clear(response: Response): void {
    response.clearCookie(this.config.sessionCookieName, { httpOnly: true, sameSite: 'lax', secure: this.config.secureCookies, path: '/' });
  }
}
