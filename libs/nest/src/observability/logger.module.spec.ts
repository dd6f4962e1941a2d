import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino, { type LoggerOptions } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { logFormatFromEnv, loggerParams } from './logger.module';

function optionsOf(params: ReturnType<typeof loggerParams>): PinoHttpOptions {
  const pinoHttp = params.pinoHttp;
  return (Array.isArray(pinoHttp) ? pinoHttp[0] : pinoHttp) as PinoHttpOptions;
}

/** A pino logger built from the module's options, writing JSON lines into `lines`. */
function capturingLogger(level: string, env: NodeJS.ProcessEnv) {
  const lines: { level: number; msg: string; context?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino(optionsOf(loggerParams('svc', level, env)) as LoggerOptions, sink), lines };
}

describe('logger', () => {
  it('is pretty in development and JSON in production and tests, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatFromEnv({})).toBe('pretty');
    expect(logFormatFromEnv({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormatFromEnv({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormatFromEnv({ NODE_ENV: 'test' })).toBe('json');
    expect(logFormatFromEnv({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormatFromEnv({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
    expect(() => logFormatFromEnv({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty');
  });

  it('writes pretty lines through a stream in development, plain pino JSON otherwise', () => {
    expect(Array.isArray(loggerParams('svc', 'info', {}).pinoHttp)).toBe(true);
    expect(Array.isArray(loggerParams('svc', 'info', { NODE_ENV: 'production' }).pinoHttp)).toBe(false);
  });

  it("logs Nest's route maps and module loading at debug, other messages at their level", () => {
    const info = capturingLogger('info', { NODE_ENV: 'production' });
    info.logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/x, GET} route');
    info.logger.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
    info.logger.info({ context: 'NestApplication' }, 'Nest application successfully started');
    expect(info.lines.map(({ level, msg }) => [level, msg])).toEqual([[30, 'Nest application successfully started']]);

    const debug = capturingLogger('debug', { NODE_ENV: 'production' });
    debug.logger.info({ context: 'RoutesResolver' }, 'AuthController {/api/auth}:');
    expect(debug.lines).toMatchObject([{ level: 20, context: 'RoutesResolver', msg: 'AuthController {/api/auth}:' }]);
  });

  it('logs successful requests at debug in development, and every request at info elsewhere', () => {
    const request = { method: 'GET', url: '/api/auth/me' } as IncomingMessage;
    const response = (statusCode: number) => ({ statusCode }) as ServerResponse;
    const development = optionsOf(loggerParams('svc', 'info', { NODE_ENV: 'development' }));
    expect(development.customLogLevel?.(request, response(200), undefined)).toBe('debug');
    expect(development.customLogLevel?.(request, response(401), undefined)).toBe('debug');
    expect(development.customLogLevel?.(request, response(503), undefined)).toBe('debug');
    expect(development.customLogLevel?.(request, response(500), undefined)).toBe('error');
    expect(development.customSuccessMessage?.(request, response(200), 3)).toBe('GET /api/auth/me 200');
    expect(optionsOf(loggerParams('svc', 'info', { NODE_ENV: 'production' })).customLogLevel).toBeUndefined();
  });

  it("writes a 503's request line without an error and stack (the outage is reported once elsewhere)", () => {
    const options = optionsOf(loggerParams('svc', 'info', { NODE_ENV: 'production' }));
    const error = new Error('failed with status code 503');
    const line = (statusCode: number) =>
      options.customErrorObject?.({} as IncomingMessage, { statusCode } as ServerResponse, error, { err: error });
    expect(line(503)).toEqual({ err: undefined });
    expect(line(500)).toEqual({ err: error });
  });

  it('installs the per-request logger only where the level writes request lines', () => {
    const production = (level: string) => loggerParams('svc', level, { NODE_ENV: 'production' }).forRoutes;
    expect(production('info')).toBeUndefined();
    expect(production('debug')).toBeUndefined();
    expect(production('warn')).toEqual([]);
    expect(production('silent')).toEqual([]);
    const development = (level: string) => loggerParams('svc', level, { NODE_ENV: 'development' }).forRoutes;
    expect(development('debug')).toBeUndefined();
    expect(development('info')).toEqual([]);
  });
});
