import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { GatewayRequest } from './authenticated-request';

export { IS_PUBLIC, Public } from '@copytrade/nest';
export const IS_ADMIN_ONLY = 'access:admin-only';

/** The OpenAPI mark of an admin-only operation: the authorization test finds every admin route by it. */
export const ADMIN_ONLY_EXTENSION = 'x-admin-only';

/** Admins only (403 for other users, 401 signed out); marked in the OpenAPI document too. */
export const AdminOnly = () =>
  applyDecorators(SetMetadata(IS_ADMIN_ONLY, true), ApiExtension(ADMIN_ONLY_EXTENSION, true));

/** The gateway request, typed. */
export const Req = createParamDecorator((_: unknown, context: ExecutionContext) =>
  context.switchToHttp().getRequest<GatewayRequest>(),
);
