import type { ArgumentsHost } from '@nestjs/common';
import { DomainException } from './domain.exception';
import { RpcErrorFilter, toRpcErrorPayload } from './rpc-exception.filter';

describe('toRpcErrorPayload', () => {
  it('keeps a domain refusal as it is', () => {
    const onUnexpected = jest.fn();
    expect(toRpcErrorPayload(DomainException.forbidden('No'), onUnexpected)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'No',
    });
    expect(onUnexpected).not.toHaveBeenCalled();
  });

  it('hides an unexpected error behind a generic 500 and reports it', () => {
    const onUnexpected = jest.fn();
    const payload = toRpcErrorPayload(new Error('connection string postgres://secret@db'), onUnexpected);
    expect(payload).toEqual({ status: 500, code: 'INTERNAL', message: 'An unexpected error occurred.' });
    expect(onUnexpected).toHaveBeenCalledTimes(1);
  });

  it('an unreachable database is one warning per window, without a stack, however many requests fail', () => {
    const filter = new RpcErrorFilter();
    const logged = { warn: [] as unknown[], error: [] as unknown[] };
    (filter as unknown as { logger: object }).logger = {
      warn: (...args: unknown[]) => logged.warn.push(args),
      error: (...args: unknown[]) => logged.error.push(args),
    };
    const host = { getType: () => 'rpc' } as unknown as ArgumentsHost;
    for (let i = 0; i < 50; i += 1) {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      filter.catch(refused, host)?.subscribe({ error: () => undefined });
    }
    expect(logged.error).toEqual([]);
    expect(logged.warn).toHaveLength(1);
    expect(JSON.stringify(logged.warn)).not.toContain('stack');
  });
});
