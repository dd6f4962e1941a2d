import { BoundedReplySerializer } from './bounded-reply.serializer';

const decode = (data: Uint8Array) => JSON.parse(Buffer.from(data).toString('utf8')) as Record<string, unknown>;

describe('BoundedReplySerializer', () => {
  it('sends a reply within the limit as it is', () => {
    const serializer = new BoundedReplySerializer(1_000);
    const outgoing = serializer.serialize({ id: 'r1', response: { trades: ['a', 'b'] }, isDisposed: true });
    expect(decode(outgoing.data)).toMatchObject({ id: 'r1', response: { trades: ['a', 'b'] }, isDisposed: true });
  });

  it('turns a reply over the limit into an error reply the caller can read, instead of throwing in the transport', () => {
    const serializer = new BoundedReplySerializer(1_000);
    const outgoing = serializer.serialize({ id: 'r2', response: { blob: 'x'.repeat(5_000) }, isDisposed: true });
    expect(outgoing.data.length).toBeLessThan(1_000);
    expect(decode(outgoing.data)).toEqual({
      id: 'r2',
      err: { status: 500, code: 'INTERNAL', message: 'The answer was too large to send.' },
      isDisposed: true,
    });
  });
});
