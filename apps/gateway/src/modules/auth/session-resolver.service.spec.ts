import type { NatsConnection } from '@nats-io/transport-node';
import type { UserView } from '@copytrade/contracts';
import type { RpcClient } from '@copytrade/nest';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../../config/gateway.config';
import type { GatewayRequest } from './authenticated-request';
import { SessionResolver } from './session-resolver.service';

const request = { id: 'request-1', ip: '127.0.0.1' } as GatewayRequest;
const userView = (id: string) => ({ id, username: id, isAdmin: false }) as UserView;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function resolverWith(ttlSeconds = 30) {
  const replies = new Map<string, UserView | null>([
    ['token-a', userView('user-a')],
    ['token-a2', userView('user-a')],
    ['token-b', userView('user-b')],
  ]);
  let gate: Promise<void> | undefined;
  const rpc = {
    request: jest.fn(async (_pattern: string, { sessionToken }: { sessionToken: string }) => {
      const user = replies.get(sessionToken) ?? null; // read now, answered when the gate opens
      if (gate) await gate;
      gate = undefined;
      return { user };
    }),
  };
  const config = Object.assign(new GatewayConfig(), { SESSION_CACHE_TTL_SECONDS: ttlSeconds });
  const resolver = new SessionResolver(rpc as unknown as RpcClient, config, {} as NatsConnection);
  /** The next lookup reads identity's state at once but answers only when the returned function is called. */
  const holdNextLookup = () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    return open;
  };
  return { resolver, rpc, replies, holdNextLookup };
}

describe('SessionResolver', () => {
  it('asks identity once per session while the entry lives', async () => {
    const { resolver, rpc } = resolverWith();
    expect((await resolver.resolve('token-a', request))?.id).toBe('user-a');
    expect((await resolver.resolve('token-a', request))?.id).toBe('user-a');
    expect(rpc.request).toHaveBeenCalledTimes(1);
  });

  it('asks identity every time when the cache is off (TTL 0)', async () => {
    const { resolver, rpc } = resolverWith(0);
    await resolver.resolve('token-a', request);
    await resolver.resolve('token-a', request);
    expect(rpc.request).toHaveBeenCalledTimes(2);
  });

  it('drops one session by its token hash (logout), keeping the others', async () => {
    const { resolver, rpc, replies } = resolverWith();
    await resolver.resolve('token-a', request);
    await resolver.resolve('token-a2', request);
    replies.set('token-a', null);
    resolver.invalidate({ tokenHash: hashOf('token-a') });
    expect(await resolver.resolve('token-a', request)).toBeNull();
    await resolver.resolve('token-a2', request);
    expect(rpc.request).toHaveBeenCalledTimes(3);
  });

  it("drops every session of a user (password reset, role or data change), not other users'", async () => {
    const { resolver, rpc, replies } = resolverWith();
    for (const token of ['token-a', 'token-a2', 'token-b']) await resolver.resolve(token, request);
    replies.set('token-a', { ...userView('user-a'), isAdmin: true });
    resolver.invalidate({ userId: 'user-a' });
    expect((await resolver.resolve('token-a', request))?.isAdmin).toBe(true);
    await resolver.resolve('token-a2', request);
    await resolver.resolve('token-b', request);
    expect(rpc.request).toHaveBeenCalledTimes(5);
  });

  it('does not store a lookup that an invalidation overtook (it may have read the old state)', async () => {
    const { resolver, rpc, holdNextLookup } = resolverWith();
    const release = holdNextLookup();
    const inFlight = resolver.resolve('token-a', request);
    resolver.invalidate({ userId: 'user-a' });
    release();
    await inFlight;
    await resolver.resolve('token-a', request);
    expect(rpc.request).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent lookups of one session share one identity call (an entry expiring under load)', async () => {
    const { resolver, rpc, holdNextLookup } = resolverWith();
    const release = holdNextLookup();
    const together = Array.from({ length: 50 }, () => resolver.resolve('token-a', request));
    const other = resolver.resolve('token-b', request);
    release();
    expect((await Promise.all(together)).map((user) => user?.id)).toEqual(Array(50).fill('user-a'));
    expect((await other)?.id).toBe('user-b');
    expect(rpc.request).toHaveBeenCalledTimes(2);
  });

  it('never joins a lookup that started before an invalidation (it may answer the revoked session)', async () => {
    const { resolver, rpc, replies, holdNextLookup } = resolverWith();
    const release = holdNextLookup();
    const before = resolver.resolve('token-a', request);
    replies.set('token-a', null); // logged out: identity now answers no user
    resolver.invalidate({ tokenHash: hashOf('token-a') });
    const after = resolver.resolve('token-a', request);
    release();
    expect((await before)?.id).toBe('user-a');
    expect(await after).toBeNull();
    expect(rpc.request).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on clear (NATS reconnect)', async () => {
    const { resolver, rpc } = resolverWith();
    await resolver.resolve('token-a', request);
    resolver.clear();
    await resolver.resolve('token-a', request);
    expect(rpc.request).toHaveBeenCalledTimes(2);
  });

  it('keeps a derived value with its session, unless told not to, and drops it with the session', async () => {
    const { resolver } = resolverWith();
    await resolver.resolve('token-a', request);
    const compute = jest.fn(async () => 'owner-view');
    await resolver.derived('token-a', 'view', compute, () => true);
    expect(await resolver.derived('token-a', 'view', compute, () => true)).toBe('owner-view');
    expect(compute).toHaveBeenCalledTimes(1);
    const partial = jest.fn(async () => 'partial');
    await resolver.derived('token-a', 'other', partial, () => false);
    await resolver.derived('token-a', 'other', partial, () => false);
    expect(partial).toHaveBeenCalledTimes(2);
    resolver.invalidate({ userId: 'user-a' });
    await resolver.resolve('token-a', request);
    await resolver.derived('token-a', 'view', compute, () => true);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
