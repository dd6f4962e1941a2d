import { Injectable, NestMiddleware } from '@nestjs/common';
import { CommonErrorCode } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { NextFunction, Request, Response } from 'express';
import { CsrfTokens } from './csrf-tokens.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every state-changing /api request must carry a valid x-csrf-token. */
@Injectable()
export class CsrfMiddleware implements NestMiddleware {
  constructor(private readonly tokens: CsrfTokens) {}

  use(request: Request, _response: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(request.method) || this.tokens.isValid(request)) return next();
    throw new DomainException(
      403,
      CommonErrorCode.CSRF_INVALID,
      'Invalid or missing CSRF token. Please refresh the page and try again.',
    );
  }
}
