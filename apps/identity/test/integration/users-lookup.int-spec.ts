import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { IdentityUsersRpc, type LookupUsersRpcReply, type RpcActor } from '@copytrade/contracts';
import { createServiceApp, loadConfig, natsRpcClientOptions, RpcClient, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { IdentityAppModule } from '../../src/app.module';
import { IdentityConfig } from '../../src/config/identity.config';
import { identityDataSourceOptions } from '../../src/database/data-source';

/**
 * `rpc.identity.users.lookup` over NATS against the running identity service (its own nats-server): what the
 * traces service asks to check a trace owner exists and to show owners' usernames.
 */
let database: TestDatabase;
let nats: PrivateNats;
let service: INestApplication;
let client: ClientProxy;
let rpc: RpcClient;
let adminId: string;
let demoId: string;

beforeAll(async () => {
  database = await createTestDatabase('identity_users_lookup');
  await runServiceMigrations(identityDataSourceOptions(database.url));
  nats = await startPrivateNats();
  const config = loadConfig(IdentityConfig, {
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  service = await createServiceApp(IdentityAppModule.register(config), {
    service: 'identity',
    natsUrl: nats.url,
    healthPort: 0,
    host: '127.0.0.1',
  });
  const users: Array<{ id: string; username: string }> = await service
    .get(DataSource)
    .query(`SELECT id, username FROM identity.users WHERE username IN ('admin', 'demo')`);
  adminId = users.find((user) => user.username === 'admin')!.id;
  demoId = users.find((user) => user.username === 'demo')!.id;
  client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, 'users-lookup-test'));
  rpc = new RpcClient(client);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await service?.close();
  await nats?.stop();
  await database?.drop();
});

const lookup = (actor: RpcActor | undefined, ids: unknown) =>
  rpc.request<{ ids: unknown }, LookupUsersRpcReply>(
    IdentityUsersRpc.lookup,
    { ids },
    { requestId: randomUUID(), actor },
  );
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string; message: string }) => `${error.status} ${error.code} ${error.message}`,
  );

it('answers the users that exist among the ids, each once; an unknown id is absent', async () => {
  const { users } = await lookup({ userId: demoId, isAdmin: false }, [adminId, randomUUID(), demoId, adminId]);
  expect(users.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
    { id: adminId, username: 'admin', email: null },
    { id: demoId, username: 'demo', email: null },
  ]);
  await expect(lookup({ userId: demoId, isAdmin: false }, [])).resolves.toEqual({ users: [] });
});

it("gives e-mail addresses to an admin's call only", async () => {
  await expect(lookup({ userId: adminId, isAdmin: true }, [demoId])).resolves.toEqual({
    users: [{ id: demoId, username: 'demo', email: 'demo@copytrade.local' }],
  });
  await expect(lookup({ userId: demoId, isAdmin: false }, [demoId])).resolves.toEqual({
    users: [{ id: demoId, username: 'demo', email: null }],
  });
});

it('refuses a call without an actor, ids that are not user ids, and more than 100 ids', async () => {
  await expect(outcome(lookup(undefined, [adminId]))).resolves.toMatch(/^401 UNAUTHENTICATED/);
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, ['not-an-id']))).resolves.toBe(
    '400 VALIDATION_FAILED ids must be a list of user ids',
  );
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, adminId))).resolves.toMatch(
    /^400 VALIDATION_FAILED ids must /,
  );
  const many = Array.from({ length: 101 }, () => randomUUID());
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, many))).resolves.toBe(
    '400 VALIDATION_FAILED ids must hold at most 100 user ids',
  );
});
