import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { IdentityAdminUsersRpc, type IdentityAdminUsersRpcReply } from '@copytrade/contracts';
import {
  ACTOR_TOKEN_TTL_SECONDS,
  ActorSigner,
  DEV_ACTOR_SIGNING_PRIVATE_KEY,
  devActorSigner,
  natsRpcClientOptions,
} from '@copytrade/nest';
import { generateKeyPairSync } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { useIdentityService } from '../support/identity-under-test';

/**
 * Identity trusts the actor of an RPC only when the gateway's signature over it verifies: the admin user list (every
 * user's e-mail) sent raw on NATS with a claimed admin, a forged or replayed token, is refused; a signed one works.
 */
const identity = useIdentityService('identity_signed_actors');
let client: ClientProxy;
let adminId: string;
let demoId: string;

beforeAll(async () => {
  ({ adminId, demoId } = await identity.seededUserIds());
  client = ClientProxyFactory.create(natsRpcClientOptions(identity.natsUrl, 'signed-actors-test'));
  identity.closeFirst(() => client.close());
});

const listUsers = (envelope: Record<string, unknown>) =>
  firstValueFrom(
    client.send<IdentityAdminUsersRpcReply>(IdentityAdminUsersRpc.list, {
      requestId: randomUUID(),
      payload: {},
      ...envelope,
    }),
  ).then(
    (reply) => `ok ${reply.users.length > 0}`,
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

describe('signed actors', () => {
  it('an actor claimed as plain data (isAdmin: true) is refused', async () => {
    expect(await listUsers({ actor: { userId: adminId, isAdmin: true } })).toBe('401 UNAUTHENTICATED');
    expect(await listUsers({ actor: { userId: demoId, isAdmin: true } })).toBe('401 UNAUTHENTICATED');
  });

  it('a token whose claims were altered, or signed with another key, is refused', async () => {
    const token = devActorSigner().sign({ userId: demoId, isAdmin: false }, 'r');
    const [body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const raised = Buffer.from(JSON.stringify({ ...claims, adm: true })).toString('base64url');
    expect(await listUsers({ actorToken: `${raised}.${signature}` })).toBe('401 UNAUTHENTICATED');

    const { privateKey } = generateKeyPairSync('ed25519');
    const stranger = new ActorSigner(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
    expect(await listUsers({ actorToken: stranger.sign({ userId: adminId, isAdmin: true }, 'r') })).toBe(
      '401 UNAUTHENTICATED',
    );
  });

  it('a token replayed after its expiry is refused', async () => {
    const longAgo = Date.now() - (ACTOR_TOKEN_TTL_SECONDS + 1) * 1000;
    const expired = new ActorSigner(DEV_ACTOR_SIGNING_PRIVATE_KEY, ACTOR_TOKEN_TTL_SECONDS, () => longAgo);
    expect(await listUsers({ actorToken: expired.sign({ userId: adminId, isAdmin: true }, 'r') })).toBe(
      '401 UNAUTHENTICATED',
    );
  });

  it("a signed admin actor is served; a signed non-admin's is refused (403) by the handler", async () => {
    expect(await listUsers({ actorToken: devActorSigner().sign({ userId: adminId, isAdmin: true }, 'r') })).toBe(
      'ok true',
    );
    expect(await listUsers({ actorToken: devActorSigner().sign({ userId: demoId, isAdmin: false }, 'r') })).toBe(
      '403 FORBIDDEN',
    );
  });
});
