import { DomainException } from './domain.exception';
import { toRpcErrorPayload } from './rpc-exception.filter';

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
});
