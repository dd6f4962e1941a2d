/** The one error shape every service and the gateway answer with. */
export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  details?: unknown;
  traceId: string;
}

/** Codes shared by every domain; each domain adds its own (`TRADE_NOT_FOUND`, ...). */
export const CommonErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  CSRF_INVALID: 'CSRF_INVALID',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

/** What a service sends back over NATS when a request is refused; the gateway turns it into an ErrorBody. */
export interface RpcErrorPayload {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  const candidate = value as Partial<RpcErrorPayload> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.status === 'number' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string'
  );
}
