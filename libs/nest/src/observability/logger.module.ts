import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { levels, type DestinationStream, type LevelWithSilent } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import pinoPretty from 'pino-pretty';
import { redactedErrorSerializer } from './error-serializer';

/** The client's idempotency key of an order (not a trace id). */
export const REQUEST_ID_HEADER = 'x-request-id';

export type LogFormat = 'json' | 'pretty';

/**
 * Nest's start-up chatter (one line per module, controller and route: ~200 lines for the gateway) is
 * logged at debug instead of info.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestMicroservice',
]);

/**
 * LOG_FORMAT: `json` (one object a line, for log collectors) or `pretty` (human-readable). Unset, it is
 * pretty in development (NODE_ENV unset or `development`) and JSON in production and tests.
 */
export function logFormatFromEnv(env: NodeJS.ProcessEnv): LogFormat {
  const format = env.LOG_FORMAT;
  if (format === 'json' || format === 'pretty') return format;
  if (format) throw new Error(`LOG_FORMAT must be json or pretty, not "${format}"`);
  return isDevelopment(env) ? 'pretty' : 'json';
}

function isDevelopment(env: NodeJS.ProcessEnv): boolean {
  return !env.NODE_ENV || env.NODE_ENV === 'development';
}

/**
 * Logs for one service (pino): JSON, or pretty lines in development. HTTP requests carry a request id that
 * RPC calls pass on; in development a successful request is logged at debug only.
 */
export function structuredLoggerModule(
  service: string,
  level: string,
  env: NodeJS.ProcessEnv = process.env,
): DynamicModule {
  return LoggerModule.forRoot(loggerParams(service, level, env));
}

export function loggerParams(service: string, level: string, env: NodeJS.ProcessEnv): Params {
  const development = isDevelopment(env);
  const options: PinoHttpOptions = {
    level,
    base: { service },
    hooks: {
      logMethod(args, method, numericLevel) {
        const context = (args[0] as { context?: unknown } | undefined)?.context;
        if (numericLevel === this.levels.values.info && FRAMEWORK_CONTEXTS.has(context as string)) {
          return this.debug(...(args as [object, string]));
        }
        return method.apply(this, args);
      },
    },
    genReqId: (request: IncomingMessage) => requestIdOf(request),
    customProps: (request: IncomingMessage) => ({ requestId: requestIdOf(request) }),
    // Errors are logged without the values a client sent (a failed query's parameters: see error-serializer.ts).
    serializers: { err: redactedErrorSerializer },
    // Cookies and CSRF tokens are credentials: never log them.
    redact: [
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
    ],
    autoLogging: { ignore: (request: IncomingMessage) => request.url === '/health' || request.url === '/ready' },
    // A 503 is an outage the exception filter reports once per subject: its request line carries no made-up error
    // and stack ("failed with status code 503"), and in development it is not an error line either.
    customErrorObject: (_request: IncomingMessage, response: ServerResponse, _error: Error, value: object) =>
      response.statusCode === 503 ? { ...value, err: undefined } : value,
    ...(development
      ? {
          customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error): LevelWithSilent =>
            error || (response.statusCode >= 500 && response.statusCode !== 503) ? 'error' : 'debug',
          customSuccessMessage: (request: IncomingMessage, response: ServerResponse) =>
            `${request.method} ${request.url} ${response.statusCode}`,
        }
      : {}),
  };
  // Request lines are written at info (debug for successes in development): at a quieter level none would
  // be written, so the per-request logger (a child logger serializing the request, ~10% of a cached read's
  // CPU) is not installed at all. Failed requests are still logged by the exception filters.
  const routes = logsRequests(level, development) ? {} : { forRoutes: [] };
  if (logFormatFromEnv(env) === 'json') return { pinoHttp: options, ...routes };
  return { pinoHttp: [options, prettyStream()], ...routes };
}

function logsRequests(level: string, development: boolean): boolean {
  const threshold = levels.values[level];
  if (threshold === undefined) return level !== 'silent';
  return threshold <= levels.values[development ? 'debug' : 'info']!;
}

/** Human-readable lines, written synchronously (nothing lost when the process exits). */
function prettyStream(): DestinationStream {
  return pinoPretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,context,requestId,req,res,responseTime',
    messageFormat: '{if context}{context}: {end}{msg}',
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
