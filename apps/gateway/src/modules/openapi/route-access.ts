import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { IS_ADMIN_ONLY, IS_PUBLIC } from '../auth/access.decorators';
import { IS_CSRF_EXEMPT } from '../csrf/csrf-exempt.decorator';
import { operationIdFactory } from './operation-id';

/** What the global guards require of one operation, read from the same route metadata they read. */
export interface RouteAccess {
  /** SessionGuard: a session cookie is needed (not @Public()). */
  signedIn: boolean;
  /** SessionGuard: admins only (@AdminOnly()). */
  adminOnly: boolean;
  /** CsrfGuard: a state-changing method, not @CsrfExempt(). */
  csrf: boolean;
  /** The class of its whole `@Query()` object, validated by the ValidationPipe (swagger cannot read it). */
  queryDto?: string;
}

const SAFE_METHODS = new Set([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);

/** Each route handler's access rules, by the operation id the document gives it. */
export function routeAccessByOperationId(app: INestApplication): Map<string, RouteAccess> {
  const access = new Map<string, RouteAccess>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler: unknown = controller.prototype[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const flag = (key: string) =>
          Boolean(Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller) ?? false);
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        access.set(operationIdFactory(controller.name, name), {
          signedIn: !flag(IS_PUBLIC),
          adminOnly: flag(IS_ADMIN_ONLY),
          csrf: !SAFE_METHODS.has(method) && !flag(IS_CSRF_EXEMPT),
          queryDto: queryDtoOf(controller, name),
        });
      }
    }
  }
  return access;
}

/** The DTO class name of a handler's `@Query()` argument taken whole (no property name). */
function queryDtoOf(controller: Type, method: string): string | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as Type[];
  for (const [key, arg] of Object.entries(args))
    if (key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined) return types[arg.index]?.name;
  return undefined;
}
