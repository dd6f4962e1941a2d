import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, concatMap, from, map, throwError, type Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-request';
import { ReadCacheInvalidation } from '../read-cache/read-cache-invalidation.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WRITES_SCOPE = 'brokerage-writes-scope';

/** Whose cached brokerage reads a write can change: the session user's, or everyone's (paper-market controls). */
export type BrokerageWritesScope = 'user' | 'everyone';

/**
 * Marks a controller or handler whose successful unsafe requests change brokerage data: they are answered only
 * after every gateway replica has dropped the affected cached reads. Applied by route, so other routes (the hot
 * signed-in reads above all) never pay for the interceptor.
 */
export const InvalidatesBrokerageReads = (scope: BrokerageWritesScope = 'user') =>
  applyDecorators(SetMetadata(WRITES_SCOPE, scope), UseInterceptors(BrokerageWritesInterceptor));

/** Read-your-writes for the cached brokerage reads (`brokerage:<id>` in ReadCache; see InvalidatesBrokerageReads). */
@Injectable()
export class BrokerageWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly invalidation: ReadCacheInvalidation,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    if (SAFE_METHODS.has(request.method)) return next.handle();
    const scope = this.reflector.getAllAndOverride<BrokerageWritesScope>(WRITES_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (scope === 'user' && !request.user) return next.handle();
    const userId = scope === 'everyone' ? undefined : request.user!.id;
    // A failed write may have changed something too (an order whose outcome is unknown): drop either way.
    const dropped = () => from(this.invalidation.brokerageWrote(userId));
    return next.handle().pipe(
      concatMap((body) => dropped().pipe(map(() => body))),
      catchError((error: unknown) => dropped().pipe(concatMap(() => throwError(() => error)))),
    );
  }
}
