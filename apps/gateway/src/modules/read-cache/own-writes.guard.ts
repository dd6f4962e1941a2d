import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import onHeaders from 'on-headers';
import type { GatewayRequest } from '../auth/authenticated-request';
import { ReadCacheInvalidation } from './read-cache-invalidation.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const READS_ONLY = Symbol('READS_ONLY');

/**
 * A POST route that changes nothing (POST /api/copy-trades/copy answers the copy already recorded, for every live
 * row): it keeps the user's cached reads.
 */
export const ReadsOnly = () => SetMetadata(READS_ONLY, true);

/**
 * Read-your-writes for the read cache (ReadCache): any write of a signed-in user through this replica — a
 * copy, a sell, a close, a subscription, a brokerage link — drops that user's cached answers (`user:<id>`) when its answer's
 * headers are written (answered or failed: a failure may have changed something too), before any byte of it is
 * sent — here and, through NATS, on the other replicas: their very next read is fresh.
 *
 * A guard that lets everything through rather than an interceptor: the gateway then has no global interceptor, and
 * Nest skips its interceptor chain (an rxjs pipeline and async-context binding per request, ~8 % of the gateway's CPU
 * under the polled live reads) on every route. It only hooks the answer; the session guard decides access.
 */
@Injectable()
export class OwnWritesGuard implements CanActivate {
  constructor(
    private readonly cache: ReadCacheInvalidation,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): true {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    if (READS.has(request.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(READS_ONLY, [context.getHandler(), context.getClass()])) return true;
    // The user is read when the answer is written: the session guard may run after this one.
    onHeaders(http.getResponse<Response>(), () => {
      const userId = request.user?.id;
      if (userId) this.cache.userWrote(userId);
    });
    return true;
  }
}
