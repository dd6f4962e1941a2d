import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, concatMap, from, map, throwError, type Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-request';
import { BrokerageReadCache } from './brokerage-read-cache.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes to one user's brokerage data, and paper-market controls that move every user's figures. */
const USER_WRITES = /^\/api\/(snaptrade|paper|dev\/paper)\//;
const MARKET_WRITES = /^\/api\/dev\/market\//;

/**
 * Read-your-writes for the brokerage read cache: a successful brokerage write is answered only after every
 * gateway replica has been told to drop the affected cached reads.
 */
@Injectable()
export class BrokerageWritesInterceptor implements NestInterceptor {
  constructor(private readonly reads: BrokerageReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    if (SAFE_METHODS.has(request.method)) return next.handle();
    const everyone = MARKET_WRITES.test(request.path);
    if (!everyone && !(USER_WRITES.test(request.path) && request.user)) return next.handle();
    const userId = everyone ? undefined : request.user!.id;
    // A failed write may have changed something too (an order whose outcome is unknown): drop either way.
    const dropped = () => from(this.reads.invalidateEverywhere(userId));
    return next.handle().pipe(
      concatMap((body) => dropped().pipe(map(() => body))),
      catchError((error: unknown) => dropped().pipe(concatMap(() => throwError(() => error)))),
    );
  }
}
