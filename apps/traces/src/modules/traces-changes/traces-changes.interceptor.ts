import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { catchError, concatMap, from, map, throwError, type Observable } from 'rxjs';
import { TracesRpc } from '@copytrade/contracts';
import { TracesChanges } from './traces-changes';

/** The catalogue's verbs of calls that only read (`rpc.traces.<what>.get|list|check`). */
const READ_VERBS = new Set(['get', 'list', 'check']);

export const isReadOnlyRpc = (pattern: string): boolean => READ_VERBS.has(pattern.slice(pattern.lastIndexOf('.') + 1));
/**
 * Writes that announce the traces they change themselves, after their commit and before they answer: an event
 * applied synchronously (its handler names its trace; announcing every trace would empty every gateway's cache).
 */
const SELF_ANNOUNCING = new Set<string>([TracesRpc.applyProjections]);

/**
 * Read-your-writes for the gateways' traces read cache, whatever the write: every RPC of this service that is not
 * a read by its name (subscribe, unsubscribe, auto-subscribe, the admin's create / change owner / delete /
 * onboarding trader, the owner's profile, posts, avatar and sharing, and any call added later) is answered only
 * after the gateways were told its trace changed (`payload.traceId`; every trace when the call names none).
 * A failed write is announced too (an outcome may be unknown, and a needless drop costs one database read).
 * Writes made outside a request announce themselves after their commit (tracesChangedAfterCommit).
 */
@Injectable()
export class TracesChangesInterceptor implements NestInterceptor {
  constructor(private readonly changes: TracesChanges) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const pattern = context.switchToRpc().getContext<NatsContext>().getSubject();
    if (isReadOnlyRpc(pattern) || SELF_ANNOUNCING.has(pattern)) return next.handle();
    const data = context.switchToRpc().getData<{ payload?: { traceId?: unknown } } | undefined>();
    const traceId = typeof data?.payload?.traceId === 'string' ? data.payload.traceId : undefined;
    const announced = () => from(this.changes.publish(traceId));
    return next.handle().pipe(
      concatMap((reply) => announced().pipe(map(() => reply))),
      catchError((error: unknown) => announced().pipe(concatMap(() => throwError(() => error)))),
    );
  }
}
