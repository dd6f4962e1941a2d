import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { GatewayRequest } from './authenticated-request';

export const IS_PUBLIC = 'access:public';
export const IS_ADMIN_ONLY = 'access:admin-only';

/** Reachable signed out. Everything else needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** Admins only (403 for other users, 401 signed out). */
export const AdminOnly = () => SetMetadata(IS_ADMIN_ONLY, true);

/** The gateway request, typed. */
export const Req = createParamDecorator((_: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest<GatewayRequest>(),
);
