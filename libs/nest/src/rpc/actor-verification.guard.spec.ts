import type { ExecutionContext } from '@nestjs/common';
import { register } from 'prom-client';
import { devActorSigner, ActorVerifier, DEV_ACTOR_SIGNING_PUBLIC_KEY } from './actor-signature';
import { ActorVerificationGuard } from './actor-verification.guard';

const USER = '5b0f6c1e-8d8a-4c38-9f4e-2a1e6d1f7a01';
const PATTERN = 'rpc.identity.admin-users.list';

const rpcContext = (data: unknown) =>
  ({
    getType: () => 'rpc',
    switchToRpc: () => ({ getData: () => data, getContext: () => ({ getSubject: () => PATTERN }) }),
  }) as unknown as ExecutionContext;

const guard = () => new ActorVerificationGuard(new ActorVerifier(DEV_ACTOR_SIGNING_PUBLIC_KEY));

async function refusalsCounted(reason: string): Promise<number> {
  const metric = await register.getSingleMetric('copytrade_rpc_actor_refused_total')?.get();
  return metric?.values.find((value) => value.labels.reason === reason && value.labels.pattern === PATTERN)?.value ?? 0;
}

describe('ActorVerificationGuard', () => {
  it("sets the handler's actor from a verified token and drops the token field", () => {
    const actorToken = devActorSigner().sign({ userId: USER, isAdmin: true }, 'r');
    const data: Record<string, unknown> = { requestId: 'r', actorToken, payload: {} };
    expect(guard().canActivate(rpcContext(data))).toBe(true);
    expect(data).toEqual({ requestId: 'r', actor: { userId: USER, isAdmin: true, token: actorToken }, payload: {} });
  });

  it("a service's own call (no token) goes through with no actor", () => {
    const data: Record<string, unknown> = { requestId: 'r', payload: {} };
    expect(guard().canActivate(rpcContext(data))).toBe(true);
    expect(data.actor).toBeUndefined();
  });

  it('refuses an actor sent as plain data with 401, and counts it', async () => {
    const before = await refusalsCounted('unsigned');
    const data = { requestId: 'r', actor: { userId: USER, isAdmin: true }, payload: {} };
    expect(() => guard().canActivate(rpcContext(data))).toThrow(expect.objectContaining({ status: 401 }));
    expect(await refusalsCounted('unsigned')).toBe(before + 1);
  });

  it('refuses a plain actor even beside a valid token (it would be what the handler reads)', () => {
    const actorToken = devActorSigner().sign({ userId: USER, isAdmin: false }, 'r');
    const data = { requestId: 'r', actorToken, actor: { userId: USER, isAdmin: true }, payload: {} };
    expect(() => guard().canActivate(rpcContext(data))).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('refuses a token that does not verify, and counts it', async () => {
    const before = await refusalsCounted('malformed');
    expect(() => guard().canActivate(rpcContext({ requestId: 'r', actorToken: 'forged', payload: {} }))).toThrow(
      expect.objectContaining({ status: 401, code: 'UNAUTHENTICATED' }),
    );
    expect(await refusalsCounted('malformed')).toBe(before + 1);
  });

  it('leaves HTTP requests (the health probes) alone', () => {
    expect(guard().canActivate({ getType: () => 'http' } as unknown as ExecutionContext)).toBe(true);
  });
});
