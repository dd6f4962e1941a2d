import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { IdentityRpc, type LoginRpcRequest } from '@copytrade/contracts';
import {
  createServiceApp,
  devActorSigner,
  loadConfig,
  natsRpcClientOptions,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { TcpProxy } from '@copytrade/nest/messaging/test-support/tcp-proxy';
import { createTestDatabase, natsUrl, type TestDatabase } from '@copytrade/testing';
import { IdentityAppModule } from '../../src/app.module';
import { IdentityConfig } from '../../src/config/identity.config';
import { identityDataSourceOptions } from '../../src/database/data-source';

/**
 * PostgreSQL made unreachable under a running identity service (its connections go through a TCP proxy the
 * test cuts): a login over NATS answers 503 SERVICE_UNAVAILABLE with a retry hint, never a 500, and works
 * again once the database is back.
 */
let database: TestDatabase;
let proxy: TcpProxy;
let service: INestApplication;
let client: ClientProxy;
let rpc: RpcClient;

beforeAll(async () => {
  database = await createTestDatabase('identity_db_outage');
  await runServiceMigrations(identityDataSourceOptions(database.url));
  const direct = new URL(database.url);
  proxy = await TcpProxy.start(`tcp://${direct.hostname}:${direct.port || 5432}`);
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = new URL(proxy.url).port;
  const nats = await natsUrl();
  const config = loadConfig(IdentityConfig, {
    DATABASE_URL: proxied.toString(),
    NATS_URL: nats,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  service = await createServiceApp(IdentityAppModule.register(config), {
    service: 'identity',
    natsUrl: nats,
    healthPort: 0,
    host: '127.0.0.1',
  });
  client = ClientProxyFactory.create(natsRpcClientOptions(nats, 'outage-test'));
  rpc = new RpcClient(client, undefined, devActorSigner());
}, 60_000);

afterAll(async () => {
  await client?.close();
  await service?.close();
  await proxy?.close();
  await database?.drop();
});

const login = () =>
  rpc.request<LoginRpcRequest, unknown>(
    IdentityRpc.login,
    { username: 'nobody', password: 'wrong-password-1' },
    { requestId: 'outage-test', clientAddress: '203.0.113.50' },
  );

it('answers 503 with Retry-After while PostgreSQL is unreachable, and recovers', async () => {
  await expect(login()).rejects.toMatchObject({ status: 401 });

  proxy.cut();
  await expect(login()).rejects.toMatchObject({
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    details: { retryAfterSeconds: 5 },
  });

  proxy.restore();
  await expect(login()).rejects.toMatchObject({ status: 401 });
}, 60_000);
