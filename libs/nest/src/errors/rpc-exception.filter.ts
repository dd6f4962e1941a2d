import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { CommonErrorCode, Messages, type RpcErrorPayload } from '@copytrade/contracts';
import { Observable, throwError } from 'rxjs';
import { OutageLog } from '../observability/outage-log';
import { databaseUnavailablePayload, isDatabaseUnavailable } from './database-unavailable';
import { DomainException } from './domain.exception';

/**
 * Every error leaving a NATS handler becomes an RpcErrorPayload. Domain refusals keep their status and
 * message; an unreachable database is a 503 with Retry-After (an outage, not a bug); anything else is logged
 * here and answered as a generic 500 so internals never leak.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcErrorFilter');
  /** An unreachable database fails every request until it is back: one warning per 30 s, not an error each. */
  private readonly outages = new OutageLog((subject, suppressed) =>
    this.logger.warn({ subject, suppressed }, 'The database is unreachable: answering 503 with Retry-After'),
  );

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const payload = toRpcErrorPayload(
      exception,
      (error) => this.logger.error({ err: error, context: host.getType() }, 'Unhandled error in handler'),
      () => this.outages.report('database'),
    );
    // The same filter guards a service's few HTTP routes (the probes).
    if (host.getType() === 'http') {
      host
        .switchToHttp()
        .getResponse<{ status(code: number): { json(body: unknown): void } }>()
        .status(payload.status)
        .json(payload);
      return;
    }
    return throwError(() => payload);
  }
}

/** `onOutage` hears of an unreachable database (an outage, not a bug); `onUnexpected` of the rest, and of that without it. */
export function toRpcErrorPayload(
  exception: unknown,
  onUnexpected: (error: unknown) => void,
  onOutage: (error: unknown) => void = onUnexpected,
): RpcErrorPayload {
  if (exception instanceof DomainException) return exception.toPayload();
  if (isDatabaseUnavailable(exception)) {
    onOutage(exception);
    return databaseUnavailablePayload();
  }
  onUnexpected(exception);
  return { status: 500, code: CommonErrorCode.INTERNAL, message: Messages.internal };
}
