import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { CommonErrorCode, Messages, type ErrorBody } from '@copytrade/contracts';
import { DomainException, OutageLog, requestIdOf, RpcUnavailableException } from '@copytrade/nest';
import type { Request, Response } from 'express';

const STATUS_CODES: Record<number, string> = {
  400: CommonErrorCode.VALIDATION_FAILED,
  401: CommonErrorCode.UNAUTHENTICATED,
  403: CommonErrorCode.FORBIDDEN,
  404: CommonErrorCode.NOT_FOUND,
  409: CommonErrorCode.CONFLICT,
  413: CommonErrorCode.PAYLOAD_TOO_LARGE,
  415: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: CommonErrorCode.RATE_LIMITED,
};

/** Retry-After of a 503 whose cause named no delay (a service not answering over NATS). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * Every error the gateway answers has one shape: { success: false, code, message, details?, traceId }.
 * 5xx bodies carry only a generic message and the traceId; the cause goes to the log.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(HttpErrorFilter.name);
  /** A 503 is an outage, not a bug: one warning per subject (or route) and window, without a stack. */
  private readonly outages = new OutageLog((subject, suppressed) =>
    this.logger.warn({ subject, suppressed }, 'A service is unavailable: answering 503 with Retry-After'),
  );

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const traceId = requestIdOf(request);
    const { status, body, retryAfterSeconds } = this.describe(exception, traceId);
    if (status === 503) this.outages.report(outageSubject(exception, request));
    else if (status >= 500)
      this.logger.error({ err: exception, requestId: traceId, path: request.path }, 'Request failed');
    // An outage (a service or its database unreachable) always tells the client when to retry.
    const retryAfter = retryAfterSeconds ?? (status === 503 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
    if (retryAfter) response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }

  private describe(
    exception: unknown,
    traceId: string,
  ): { status: number; body: ErrorBody; retryAfterSeconds?: number } {
    if (exception instanceof DomainException) {
      const retryAfterSeconds = (exception.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      const status = exception.status;
      const message = status >= 500 && status !== 503 ? Messages.internal : exception.message;
      return {
        status,
        retryAfterSeconds,
        body: {
          success: false,
          code: exception.code,
          message,
          ...(exception.details === undefined ? {} : { details: exception.details }),
          traceId,
        },
      };
    }
    const status = exception instanceof HttpException ? exception.getStatus() : statusOfBodyParserError(exception);
    if (status && status < 500) {
      const message = exception instanceof HttpException ? messageOf(exception) : (exception as Error).message;
      return {
        status,
        body: { success: false, code: STATUS_CODES[status] ?? CommonErrorCode.VALIDATION_FAILED, message, traceId },
      };
    }
    return {
      status: 500,
      body: { success: false, code: CommonErrorCode.INTERNAL, message: Messages.internal, traceId },
    };
  }
}

/** The RPC subject that did not answer, else the route (its pattern, not the path with its ids). */
function outageSubject(exception: unknown, request: Request): string {
  if (exception instanceof RpcUnavailableException && exception.pattern) return exception.pattern;
  const route = (request.route as { path?: unknown } | undefined)?.path;
  return `${request.method} ${typeof route === 'string' ? route : request.path}`;
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  return Array.isArray(message) ? String(message[0]) : typeof message === 'string' ? message : exception.message;
}

/** body-parser reports malformed JSON, oversize bodies and bad charsets with a status of its own. */
function statusOfBodyParserError(exception: unknown): number | undefined {
  const status = (exception as { status?: unknown; type?: unknown })?.status;
  return typeof status === 'number' && typeof (exception as { type?: unknown }).type === 'string' ? status : undefined;
}
