import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { concatMap, from, of, type Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-request';
import { ReadCache } from './read-cache.service';

/**
 * The fast path of cached reads (ReadCache.cachedAt): after the session guard, a GET of a URL that passed
 * validation before and whose answer is cached fresh for this user is answered at once, without validating the
 * query again or running the handler, with the cached JSON and its ETag worked out once. Anything else goes on as
 * usual. Put on a route only where the hot reads need it (the traces reads).
 */
@Injectable()
export class CachedReadsInterceptor implements NestInterceptor {
  constructor(private readonly cache: ReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    if (!request.user || request.method !== 'GET') return next.handle();
    return from(this.cache.cachedAt(request.user.id, request.originalUrl)).pipe(
      concatMap((cached) =>
        cached ? of(this.cache.send(request, http.getResponse<Response>(), cached)) : next.handle(),
      ),
    );
  }
}
