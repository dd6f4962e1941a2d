import type { ArgumentsHost } from '@nestjs/common';
import { CommonErrorCode, Messages } from '@copytrade/contracts';
import { databaseUnavailablePayload, DomainException } from '@copytrade/nest';
import { HttpErrorFilter } from './http-error.filter';

function answer(exception: unknown) {
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  const host = {
    switchToHttp: () => ({
      getRequest: () => ({ id: 'trace-1', path: '/api/x', headers: {} }),
      getResponse: () => response,
    }),
  } as unknown as ArgumentsHost;
  const filter = new HttpErrorFilter();
  (filter as unknown as { logger: object }).logger = { error: () => undefined, warn: () => undefined };
  filter.catch(exception, host);
  return { ...sent, headers };
}

describe('HttpErrorFilter', () => {
  it('a database outage reported by a service is a 503 with its Retry-After', () => {
    const outage = databaseUnavailablePayload();
    const { status, body, headers } = answer(
      new DomainException(outage.status, outage.code, outage.message, outage.details),
    );
    expect(status).toBe(503);
    expect(headers['Retry-After']).toBe('5');
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable });
  });

  it('a service not answering (no delay named) is a 503 with a default Retry-After', () => {
    const { status, headers } = answer(
      new DomainException(503, CommonErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable),
    );
    expect([status, headers['Retry-After']]).toEqual([503, '5']);
  });

  it('a client error keeps its code and names no Retry-After', () => {
    const { status, body, headers } = answer(new DomainException(400, 'BODY_TOO_DEEP', 'Too deep'));
    expect([status, headers['Retry-After']]).toEqual([400, undefined]);
    expect(body).toEqual({ success: false, code: 'BODY_TOO_DEEP', message: 'Too deep', traceId: 'trace-1' });
  });

  it('an unexpected error is a generic 500', () => {
    const { status, body } = answer(new Error('secret detail'));
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'INTERNAL', message: Messages.internal });
  });
});
