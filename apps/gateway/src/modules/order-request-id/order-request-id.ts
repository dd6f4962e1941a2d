import { BrokerageErrorCode, BrokerageMessages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { GatewayRequest } from '../auth/authenticated-request';

/** The client's idempotency key for an order: the X-Request-ID header, required (400 when missing or malformed). */
export function orderRequestId(request: GatewayRequest): string {
  const header = request.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[A-Za-z0-9._:-]{8,128}$/.test(value))
    throw new DomainException(400, BrokerageErrorCode.REQUEST_ID_REQUIRED, BrokerageMessages.requestIdRequired);
  return value;
}
