import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** The gateway is reached over HTTPS only (secure cookies): HSTS and upgrade-insecure-requests are sent. */
  https: boolean;
}

/**
 * Security headers on every response, API and web app alike (helmet). The Content-Security-Policy allows only
 * the origin's own files: the built app has no inline script; inline styles are allowed because the UI libraries
 * set them (Radix UI's injected <style>, sonner's stylesheet). Nothing frames the app: the brokerage portal opens
 * in a popup, so framing is refused, and the opener policy keeps the link to that popup (`popup.closed`) even
 * while it shows the provider's page on another origin. API answers are never stored: they are one user's data.
 */
export function securityHeaders({ https }: SecurityHeadersOptions): RequestHandler[] {
  return [helmetFor(https), apiNotStored];
}

function helmetFor(https: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Over plain http (development, tests) it would point the page's requests at an https port nobody serves.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // One year, subdomains included; browsers ignore it over http, and http deployments must not pin https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}

/** A route may still set its own Cache-Control; none does so for a cacheable answer today. */
function apiNotStored(request: Request, response: Response, next: NextFunction): void {
  if (/^\/+api(\/|$)/i.test(request.path)) response.setHeader('Cache-Control', 'no-store');
  next();
}
