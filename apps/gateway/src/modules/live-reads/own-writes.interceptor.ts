import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-request';
import { LiveReadsCache } from './live-reads-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READS_ONLY = Symbol('READS_ONLY');

/**
 * A POST route that changes nothing (POST /api/copy-trades/copy answers the copy already recorded, for every live
 * row): it keeps the user's cached live reads.
 */
export const ReadsOnly = () => SetMetadata(READS_ONLY, true);

/**
 * Read-your-writes for the live reads (LiveReadsCache): any write of a signed-in user through this replica — a
 * copy, a sell, a close, a subscription, a brokerage link — drops that user's cached answers once it is answered
 * or failed (a failure may have changed something too), before the answer is sent — here and, through NATS, on the
 * other replicas: their very next read is fresh.
 */
@Injectable()
export class OwnWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: LiveReadsCache,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const userId = request.user?.id;
    if (!userId || READS.has(request.method)) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(READS_ONLY, [context.getHandler(), context.getClass()]))
      return next.handle();
    const drop = () => this.cache.userWrote(userId);
    return next.handle().pipe(tap({ next: drop, error: drop }));
  }
}
