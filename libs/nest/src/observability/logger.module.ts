import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

/** The client's idempotency key of an order (not a trace id). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Structured JSON logs (pino) for one service; HTTP requests carry a trace id that RPC calls pass on. */
export function structuredLoggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service },
      genReqId: (request: IncomingMessage) => requestIdOf(request),
      customProps: (request: IncomingMessage) => ({ traceId: requestIdOf(request) }),
      // Cookies and CSRF tokens are credentials: never log them.
      redact: [
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      autoLogging: { ignore: (request: IncomingMessage) => request.url === '/health' || request.url === '/ready' },
    },
  });
}

/**
 * This HTTP call's trace id (logs, error bodies, RPC envelopes): always a new one of ours. It is never taken
 * from X-Request-ID, which clients send as an order's idempotency key — the same on every retry of that order.
 */
export function requestIdOf(request: IncomingMessage & { id?: unknown }): string {
  if (typeof request.id === 'string') return request.id;
  const id = randomUUID();
  request.id = id;
  return id;
}
