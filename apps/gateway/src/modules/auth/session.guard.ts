import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Messages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { GatewayConfig } from '../../config/gateway.config';
import { IS_ADMIN_ONLY, IS_PUBLIC } from './access.decorators';
import type { GatewayRequest } from './authenticated-request';
import { SessionResolver } from './session-resolver.service';

/**
 * Global guard: resolves the session cookie (SessionResolver: identity, through a cache that revocations clear
 * on every replica before they are answered), then applies the route's access rule. Every route needs a session unless its handler or
 * controller is marked @Public(): the rule follows the route Express matched, never the path's spelling
 * (a path prefix check was bypassed by `/API/...`, which Express routes case-insensitively by default).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const sessionToken: unknown = request.cookies?.[this.config.sessionCookieName];
    if (typeof sessionToken === 'string' && sessionToken.length > 0 && sessionToken.length < 200) {
      request.user = (await this.sessions.resolve(sessionToken, request)) ?? undefined;
      if (request.user) request.sessionId = createHash('sha256').update(sessionToken).digest('base64url').slice(0, 22);
    }

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!request.user) throw DomainException.unauthenticated(Messages.notSignedIn);
    assertClaimedUserIsSessionUser(request);
    if (this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, targets) && !request.user.isAdmin)
      throw DomainException.forbidden(Messages.adminOnly);
    return true;
  }
}

/**
 * Some calls name the user in an `Authorization: Bearer <userId>` or `user-id` header (docs/product.md#rest-calls).
 * The session decides who the user is; a header naming anyone else is refused.
 */
function assertClaimedUserIsSessionUser(request: GatewayRequest): void {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1]?.trim();
  const claimed = [bearer, request.headers['user-id']].filter(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  if (claimed.some((userId) => userId !== request.user?.id))
    throw DomainException.forbidden('You can only act as yourself.');
}
