import { Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';

/**
 * Signed double-submit CSRF tokens (csrf-csrf), bound to the session cookie: a token minted before
 * sign-in stops working after it, so the web app fetches a new one after login and logout.
 */
@Injectable()
export class CsrfTokens {
  private readonly csrf: DoubleCsrfUtilities;

  constructor(config: GatewayConfig) {
    this.csrf = doubleCsrf({
      getSecret: () => config.csrfSecret,
      getSessionIdentifier: (request) => String(request.cookies?.[config.sessionCookieName] ?? ''),
      cookieName: config.secureCookies ? '__Host-ct_csrf' : 'ct_csrf',
      cookieOptions: { sameSite: 'lax', secure: config.secureCookies, httpOnly: true, path: '/' },
      getCsrfTokenFromRequest: (request) => request.headers['x-csrf-token'],
    });
  }

  issue(request: Request, response: Response): string {
    return this.csrf.generateCsrfToken(request, response, { overwrite: true });
  }

  isValid(request: Request): boolean {
    return this.csrf.validateRequest(request);
  }
}
