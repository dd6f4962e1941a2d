import { isDatabaseUnavailable } from './database-unavailable';
import { toRpcErrorPayload } from './rpc-exception.filter';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['Node 20 AggregateError of refused addresses', new AggregateError([withCode('ECONNREFUSED')], '')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    ['pg-pool: timeout acquiring a client', new Error('timeout exceeded when trying to connect')],
    [
      'TypeORM QueryFailedError wrapping the driver error',
      Object.assign(new Error('Query failed'), { driverError: withCode('57P01') }),
    ],
    ['an error caused by one', new Error('lookup failed', { cause: withCode('ECONNREFUSED') })],
  ])('%s → unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['syntax error', withCode('42601')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s → not an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives an error whose cause points back at itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('toRpcErrorPayload for a database outage', () => {
  it('answers 503 SERVICE_UNAVAILABLE with a retry hint, and still reports the cause', () => {
    const onUnexpected = jest.fn();
    expect(toRpcErrorPayload(new Error('Connection terminated unexpectedly'), onUnexpected)).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again.',
      details: { retryAfterSeconds: 5 },
    });
    expect(onUnexpected).toHaveBeenCalledTimes(1);
  });
});
