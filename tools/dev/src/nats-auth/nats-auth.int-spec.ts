import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, type ClientProxy } from '@nestjs/microservices';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BrokerageRpc, IdentityAdminUsersRpc, Messages, type RpcActor, type RpcRequest } from '@copytrade/contracts';
import {
  ACTOR_TOKEN_TTL_SECONDS,
  ActorSigner,
  ActorVerificationModule,
  DEV_ACTOR_SIGNING_PRIVATE_KEY,
  DEV_ACTOR_SIGNING_PUBLIC_KEY,
  devActorSigner,
  DomainException,
  ensureEventsStream,
  natsRpcClientOptions,
  natsRpcServerOptions,
  RpcClient,
  RpcErrorFilter,
  type NatsAddress,
} from '@copytrade/nest';
import { expectEventually, freePortBlock } from '@copytrade/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { findNatsServer, startNatsServer, type RunningNats } from '../platform/nats-server';
import type { NatsApp } from './app-permissions';
import { randomNatsPasswords, renderNatsAuthorization } from './nats-auth-config';

/**
 * The generated nats-server configuration, on a nats-server of this suite's own: no anonymous client, each app only
 * its own subjects; and on top of it, an RPC's actor trusted only when the gateway's signature verifies, whatever
 * NATS credentials carried it.
 */
const USER = '5b0f6c1e-8d8a-4c38-9f4e-2a1e6d1f7a01';
const passwords = randomNatsPasswords();
let dataDir: string;
let nats: RunningNats;
const address = (app: NatsApp): NatsAddress => ({ url: nats.url, user: app, password: passwords[app] });
const connectAs = (app: NatsApp) => connect({ servers: nats.url, user: app, pass: passwords[app] });

/** Permission violations the server reported to this connection. */
function violationsOf(nc: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const status of nc.status())
      if (status.type === 'error' && status.error.name === 'PermissionViolationError')
        seen.push(String((status.error as Error & { subject?: string }).subject));
  })();
  return seen;
}

/** Stand-in of a service's handler behind the shared RPC layer: the admin user list, admins only. */
@Controller()
class AdminUsersStandIn {
  @MessagePattern(IdentityAdminUsersRpc.list)
  list(@Payload() { actor }: RpcRequest<object> & { actor?: RpcActor }) {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
    return { users: [{ id: actor.userId }] };
  }
}
@Module({ imports: [ActorVerificationModule.forRoot(DEV_ACTOR_SIGNING_PUBLIC_KEY)], controllers: [AdminUsersStandIn] })
class IdentityStandInModule {}

let identity: INestMicroservice;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  const binary = findNatsServer();
  if (!binary) throw new Error('nats-server is needed on PATH for this suite');
  dataDir = mkdtempSync(join(tmpdir(), 'nats-auth-'));
  nats = await startNatsServer(
    binary,
    dataDir,
    await freePortBlock(1),
    renderNatsAuthorization((app) => ({ value: passwords[app] })),
  );
  identity = await NestFactory.createMicroservice(IdentityStandInModule, {
    ...natsRpcServerOptions(address('identity'), 'identity'),
    logger: false,
  });
  identity.useGlobalFilters(new RpcErrorFilter());
  await identity.listen();
}, 30_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await identity?.close();
  await nats?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('NATS credentials per app', () => {
  it('refuses a client without credentials, or with another app’s password', async () => {
    await expect(connect({ servers: nats.url, maxReconnectAttempts: 0 })).rejects.toThrow(/Authorization/i);
    await expect(
      connect({ servers: nats.url, user: 'traces', pass: passwords.brokerage, maxReconnectAttempts: 0 }),
    ).rejects.toThrow(/Authorization/i);
  });

  it("lets an app publish its own events, never another app's", async () => {
    const traces = await connectAs('traces');
    closers.push(() => traces.close());
    const violations = violationsOf(traces);
    await ensureEventsStream(traces);
    const ack = await jetstream(traces).publish('events.traces.trade.shared.v1', '{}');
    expect(ack.stream).toBe('EVENTS');

    traces.publish('events.copy-engine.copy.opened.v1', '{}');
    traces.publish('events.brokerage.order.filled.v1', '{}');
    await traces.flush();
    await expectEventually(async () =>
      expect(violations).toEqual(['events.copy-engine.copy.opened.v1', 'events.brokerage.order.filled.v1']),
    );
    const info = await (await jetstream(traces).jetstreamManager()).streams.info('EVENTS');
    expect(info.state.messages).toBe(1);
  });

  it('lets an app call the subjects it was granted only, and serve only its own', async () => {
    const brokerage = await connectAs('brokerage');
    closers.push(() => brokerage.close());
    const received: string[] = [];
    brokerage.subscribe('rpc.brokerage.>', {
      queue: 'brokerage',
      callback: (_error, message) => {
        received.push(message.subject);
        message.respond('{}');
      },
    });
    await brokerage.flush();

    const traces = await connectAs('traces');
    closers.push(() => traces.close());
    const violations = violationsOf(traces);
    // Granted: the owner's accounts, for the brokerage sync.
    await traces.request(BrokerageRpc.listAccounts, '{}', { timeout: 2_000 });
    // Not granted: a user's provider secret, the admin user list.
    await expect(traces.request(BrokerageRpc.getCredentials, '{}', { timeout: 1_000 })).rejects.toThrow();
    await expect(traces.request(IdentityAdminUsersRpc.list, '{}', { timeout: 1_000 })).rejects.toThrow();
    expect(received).toEqual([BrokerageRpc.listAccounts]);
    await expectEventually(async () =>
      expect(violations).toEqual(expect.arrayContaining([BrokerageRpc.getCredentials, IdentityAdminUsersRpc.list])),
    );

    // Serving another app's subjects is refused too.
    const copyEngine = await connectAs('copy-engine');
    closers.push(() => copyEngine.close());
    const copyEngineViolations = violationsOf(copyEngine);
    copyEngine.subscribe('rpc.brokerage.>');
    await copyEngine.flush();
    await expectEventually(async () => expect(copyEngineViolations).toEqual(['rpc.brokerage.>']));
  });
});

describe('signed actors over authenticated NATS', () => {
  let client: ClientProxy;
  const listUsers = (envelope: Record<string, unknown>) =>
    firstValueFrom(client.send(IdentityAdminUsersRpc.list, { requestId: 'r', payload: {}, ...envelope })).then(
      () => 'ok',
      (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
    );

  beforeAll(() => {
    // The admin service's credentials (it forwards the gateway's signed actor to identity): NATS lets it call, the
    // signature decides who it acts for.
    client = ClientProxyFactory.create(natsRpcClientOptions(address('admin'), 'nats-auth-test'));
    closers.push(() => client.close());
  });

  it('refuses a forged actor (claimed admin, another user) and a replayed expired one', async () => {
    expect(await listUsers({ actor: { userId: USER, isAdmin: true } })).toBe('401 UNAUTHENTICATED');
    const token = devActorSigner().sign({ userId: USER, isAdmin: false }, 'r');
    const [body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, adm: true })).toString('base64url');
    expect(await listUsers({ actorToken: `${forged}.${signature}` })).toBe('401 UNAUTHENTICATED');
    const issuedLongAgo = Date.now() - (ACTOR_TOKEN_TTL_SECONDS + 5) * 1000;
    const replayed = new ActorSigner(DEV_ACTOR_SIGNING_PRIVATE_KEY, ACTOR_TOKEN_TTL_SECONDS, () => issuedLongAgo);
    expect(await listUsers({ actorToken: replayed.sign({ userId: USER, isAdmin: true }, 'r') })).toBe(
      '401 UNAUTHENTICATED',
    );
  });

  it("serves an actor the gateway signed (and the handler's own rule still applies)", async () => {
    const rpc = new RpcClient(client, undefined, devActorSigner());
    await expect(
      rpc.request(IdentityAdminUsersRpc.list, {}, { requestId: 'r', actor: { userId: USER, isAdmin: true } }),
    ).resolves.toEqual({ users: [{ id: USER }] });
    await expect(
      rpc.request(IdentityAdminUsersRpc.list, {}, { requestId: 'r', actor: { userId: USER, isAdmin: false } }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
