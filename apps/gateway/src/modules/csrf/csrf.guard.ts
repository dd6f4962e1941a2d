import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CommonErrorCode } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { Request } from 'express';
import { IS_CSRF_EXEMPT } from './csrf-exempt.decorator';
import { CsrfTokens } from './csrf-tokens.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global guard, registered before the session guard (so a request without a token is refused before its session
 * is looked up): every state-changing request must carry a valid x-csrf-token, unless its handler is marked
 * @CsrfExempt(). Like the session guard it follows the route Express matched, never the path's spelling.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: CsrfTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_CSRF_EXEMPT, [context.getHandler(), context.getClass()]))
      return true;
    if (this.tokens.isValid(request)) return true;
    throw new DomainException(
      403,
      CommonErrorCode.CSRF_INVALID,
      'Invalid or missing CSRF token. Please refresh the page and try again.',
    );
  }
}
