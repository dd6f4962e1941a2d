import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { concatMap, from, of, type Observable } from 'rxjs';
import type { GatewayRequest } from '../auth/authenticated-request';
import { TracesReadCache } from './traces-read-cache.service';

type ETagFunction = (body: string, encoding: BufferEncoding) => string | undefined;

/**
 * The fast path of the cached traces reads (TracesReadCache): after the session guard, a URL that passed
 * validation before and whose answer is cached for this user is answered at once, without validating the query
 * again or running the handler. The body is the cached JSON as it is, with its ETag worked out once (by Express's
 * own ETag function, the header it would set) instead of on every answer. Anything else goes on as usual.
 */
@Injectable()
export class TracesReadsInterceptor implements NestInterceptor {
  constructor(private readonly reads: TracesReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    if (!request.user || request.method !== 'GET') return next.handle();
    return from(this.reads.cached(request.user.id, request.originalUrl)).pipe(
      concatMap((cached) => {
        if (!cached) return next.handle();
        const etagOf = request.app.get('etag fn') as ETagFunction | undefined;
        if (cached.answer && etagOf) {
          cached.answer.etag ??= etagOf(cached.json, 'utf8');
          if (cached.answer.etag) context.switchToHttp().getResponse<Response>().setHeader('ETag', cached.answer.etag);
        }
        return of(cached.json);
      }),
    );
  }
}
