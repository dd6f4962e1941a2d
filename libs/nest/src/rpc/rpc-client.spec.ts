import type { ClientProxy } from '@nestjs/microservices';
import { NEVER, of, throwError } from 'rxjs';
import { DomainException } from '../errors/domain.exception';
import { ActorVerifier, DEV_ACTOR_SIGNING_PUBLIC_KEY, devActorSigner } from './actor-signature';
import { RpcClient } from './rpc-client';

const proxyReturning = (result: ReturnType<ClientProxy['send']>) =>
  ({ send: jest.fn().mockReturnValue(result) }) as unknown as ClientProxy;

describe('RpcClient', () => {
  it("sends the payload in an envelope with the request id and the actor signed by the gateway's key", async () => {
    const proxy = proxyReturning(of({ ok: true }));
    const actor = { userId: 'u', isAdmin: false };
    await expect(
      new RpcClient(proxy, undefined, devActorSigner()).request('rpc.x.y.z', { a: 1 }, { requestId: 'req-1', actor }),
    ).resolves.toEqual({ ok: true });
    const [pattern, envelope] = (proxy.send as jest.Mock).mock.calls[0] as [string, Record<string, unknown>];
    expect(pattern).toBe('rpc.x.y.z');
    expect(envelope).toEqual({ requestId: 'req-1', actorToken: expect.any(String), payload: { a: 1 } });
    expect(new ActorVerifier(DEV_ACTOR_SIGNING_PUBLIC_KEY).verify(envelope.actorToken)).toMatchObject({
      ok: true,
      actor,
    });
  });

  it("forwards the token of a verified actor unchanged (a service calling on the signed-in user's behalf)", async () => {
    const proxy = proxyReturning(of({}));
    const actor = { userId: 'u', isAdmin: false, token: 'the-gateway-token' };
    await new RpcClient(proxy).request('p', {}, { requestId: 'r', actor });
    expect(proxy.send).toHaveBeenCalledWith('p', expect.objectContaining({ actorToken: 'the-gateway-token' }));
  });

  it('refuses to send an actor nobody signed from a service (no service acts as a user or an admin)', async () => {
    const proxy = proxyReturning(of({}));
    await expect(
      new RpcClient(proxy).request('p', {}, { requestId: 'r', actor: { userId: 'u', isAdmin: true } }),
    ).rejects.toThrow(/Only the gateway signs/);
    expect(proxy.send).not.toHaveBeenCalled();
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
