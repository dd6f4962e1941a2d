import type { ClientProxy } from '@nestjs/microservices';
import { NEVER, of, throwError } from 'rxjs';
import { DomainException } from '../errors/domain.exception';
import { RpcClient } from './rpc-client';

const proxyReturning = (result: ReturnType<ClientProxy['send']>) =>
  ({ send: jest.fn().mockReturnValue(result) }) as unknown as ClientProxy;

describe('RpcClient', () => {
  it('sends the payload in an envelope with the request id and the actor', async () => {
    const proxy = proxyReturning(of({ ok: true }));
    await expect(
      new RpcClient(proxy).request(
        'rpc.x.y.z',
        { a: 1 },
        { requestId: 'req-12345678', actor: { userId: 'u', isAdmin: false } },
      ),
    ).resolves.toEqual({ ok: true });
    expect(proxy.send).toHaveBeenCalledWith('rpc.x.y.z', {
      requestId: 'req-12345678',
      actor: { userId: 'u', isAdmin: false },
      clientAddress: undefined,
      payload: { a: 1 },
    });
  });

  it("rethrows a service's refusal as the same DomainException", async () => {
    const proxy = proxyReturning(throwError(() => ({ status: 409, code: 'CONFLICT', message: 'Taken' })));
    await expect(new RpcClient(proxy).request('p', {}, { requestId: 'r' })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Taken',
    });
  });

  it('answers 503 when the service does not reply in time', async () => {
    const error = await new RpcClient(proxyReturning(NEVER), 20)
      .request('p', {}, { requestId: 'r' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainException);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
