import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Structured JSON logs (pino) for one service; HTTP requests carry a request id that RPC calls pass on. */
export function structuredLoggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      base: { service },
      genReqId: (request: IncomingMessage) => requestIdOf(request),
      customProps: (request: IncomingMessage) => ({ requestId: requestIdOf(request) }),
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

/** The caller's request id when it is a sane token, else a new one. */
export function requestIdOf(request: IncomingMessage & { id?: unknown }): string {
  if (typeof request.id === 'string') return request.id;
  const header = request.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(header) ? header[0] : header;
  const id = candidate && /^[A-Za-z0-9._-]{8,128}$/.test(candidate) ? candidate : randomUUID();
  request.id = id;
  return id;
}
