import { ActorOnlyRpcCall, PlaceOrderRpcCall, QuotesRpcCall, SubmitFeedbackRpcCall } from '@copytrade/contracts';
import { DomainException } from '../errors/domain.exception';
import { rpcValidationPipe } from './rpc-validation.pipe';

const pipe = rpcValidationPipe();
const USER = '0b7e6a8e-3f0c-4c36-8d1e-2f4b1b7c9a01';
const envelope = (payload: unknown, extra: Record<string, unknown> = {}) => ({
  requestId: 'req-1',
  actor: { userId: USER, isAdmin: false },
  payload,
  ...extra,
});
const check = (metatype: new () => unknown, value: unknown) =>
  pipe.transform(value, { type: 'body', metatype, data: undefined });
const refusal = async (promise: Promise<unknown>): Promise<DomainException> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainException);
  return error as DomainException;
};

describe('rpcValidationPipe with the RPC envelopes of contracts', () => {
  const order = { action: 'BUY', symbol: 'AAPL', quantity: 1 };

  it('accepts a valid order and keeps only declared fields, nested ones included', async () => {
    const call = (await check(
      PlaceOrderRpcCall,
      envelope({ userId: USER, requestId: 'r-1', order: { ...order, smuggled: 1 }, extra: true }, { hop: 2 }),
    )) as PlaceOrderRpcCall;
    expect(call.payload).toEqual({ userId: USER, requestId: 'r-1', order });
    expect(call).not.toHaveProperty('hop');
  });

  it('refuses a nested order field with a 400 naming it', async () => {
    const error = await refusal(
      check(PlaceOrderRpcCall, envelope({ userId: USER, requestId: 'r-1', order: { ...order, quantity: -1 } })),
    );
    expect(error.toPayload()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'quantity must be a positive number',
      details: { fields: [expect.objectContaining({ field: 'payload.order.quantity' })] },
    });
  });

  it('accepts an actor-only request (its payload is empty) and refuses one without a payload object', async () => {
    const call = (await check(ActorOnlyRpcCall, envelope({ ignored: true }))) as ActorOnlyRpcCall;
    expect(call).toEqual({ requestId: 'req-1', actor: { userId: USER, isAdmin: false }, payload: {} });
    expect((await refusal(check(ActorOnlyRpcCall, envelope(undefined)))).message).toBe('payload must be an object');
  });

  it('refuses an actor that is not a user id, and a symbol list over the limit', async () => {
    expect(
      (await refusal(check(ActorOnlyRpcCall, envelope({}, { actor: { userId: 'x', isAdmin: false } })))).message,
    ).toBe('actor.userId must be a valid id');
    const symbols = Array.from({ length: 11 }, (_, i) => `S${i}`);
    expect((await refusal(check(QuotesRpcCall, envelope({ userId: USER, symbols })))).message).toBe(
      'Between 1 and 10 symbols are needed.',
    );
  });

  it('applies the feedback form rules to the RPC payload', async () => {
    const error = await refusal(
      check(SubmitFeedbackRpcCall, envelope({ type: 'rant', message: 'hi', email: 'a@b.co' })),
    );
    expect(error.status).toBe(400);
  });
});
