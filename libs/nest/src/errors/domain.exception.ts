import { CommonErrorCode, type RpcErrorPayload } from '@copytrade/contracts';

/**
 * A refusal a client can understand: HTTP status, a stable code the web app branches on, and the
 * user-visible message. Thrown in services, carried unchanged over NATS, answered by the gateway.
 */
export class DomainException extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainException';
  }

  toPayload(): RpcErrorPayload {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }

  static badRequest(message: string, details?: unknown) {
    return new DomainException(400, CommonErrorCode.VALIDATION_FAILED, message, details);
  }
  static unauthenticated(message: string) {
    return new DomainException(401, CommonErrorCode.UNAUTHENTICATED, message);
  }
  static forbidden(message: string) {
    return new DomainException(403, CommonErrorCode.FORBIDDEN, message);
  }
  static notFound(message: string, code: string = CommonErrorCode.NOT_FOUND) {
    return new DomainException(404, code, message);
  }
  static tooManyRequests(message: string, retryAfterSeconds?: number) {
    return new DomainException(
      429,
      CommonErrorCode.RATE_LIMITED,
      message,
      retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
    );
  }
}
