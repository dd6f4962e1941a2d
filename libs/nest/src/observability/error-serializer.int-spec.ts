import { Writable } from 'node:stream';
import { serverDatabaseUrl } from '@copytrade/testing';
import pino, { type LoggerOptions } from 'pino';
import { DataSource, QueryFailedError } from 'typeorm';
import { loggerParams } from './logger.module';

/** The services' logger (JSON), writing its lines into `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { pinoHttp } = loggerParams('svc', 'info', { NODE_ENV: 'production' });
  return { logger: pino(pinoHttp as LoggerOptions, sink), lines };
}

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = new DataSource({ type: 'postgres', url: await serverDatabaseUrl() });
  await dataSource.initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
});

it("a failing query's error is logged without its parameters or PostgreSQL's detail of the values", async () => {
  const email = 'alice.secret@example.com';
  const runner = dataSource.createQueryRunner();
  let failure: unknown;
  try {
    await runner.query('CREATE TEMP TABLE logged_users (email text UNIQUE)');
    await runner.query('INSERT INTO logged_users (email) VALUES ($1)', [email]);
    await runner.query('INSERT INTO logged_users (email) VALUES ($1)', [email]);
  } catch (error) {
    failure = error;
  } finally {
    await runner.release();
  }
  expect(failure).toBeInstanceOf(QueryFailedError);
  // What a handler's error filter writes for an unexpected error.
  const { logger, lines } = capturingLogger();
  logger.error({ err: failure, context: 'rpc' }, 'Unhandled error in handler');
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!) as { err: { type: string; query: string; stack: string; parameters: unknown } };
  expect(lines[0]).not.toContain('alice.secret');
  expect(line.err).toMatchObject({ type: 'QueryFailedError', parameters: '[Redacted]' });
  expect(line.err.query).toContain('INSERT INTO logged_users');
  expect(line.err.stack).toContain('duplicate key value');
});
