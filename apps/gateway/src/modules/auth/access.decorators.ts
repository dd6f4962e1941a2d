import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { GatewayRequest } from './authenticated-request';

export { IS_PUBLIC, Public } from '@copytrade/nest';
export const IS_ADMIN_ONLY = 'access:admin-only';

/** Admins only (403 for other users, 401 signed out). */
export const AdminOnly = () => SetMetadata(IS_ADMIN_ONLY, true);

/** The gateway request, typed. */
export const Req = createParamDecorator((_: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest<GatewayRequest>(),
);
