import type { INestApplication, Type } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import {
  createServiceApp,
  devActorSigner,
  loadConfig,
  natsRpcClientOptions,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { IdentityAppModule } from '../../src/app.module';
import { IdentityConfig } from '../../src/config/identity.config';
import { identityDataSourceOptions } from '../../src/database/data-source';

/** The running identity service of a suite, reached over its own nats-server. */
export interface IdentityUnderTest {
  /** The service's own connection to its database. */
  readonly db: DataSource;
  readonly rpc: RpcClient;
  readonly natsUrl: string;
  /** One of the running service's providers. */
  get<T>(type: Type<T>): T;
  /** The ids of the seeded `admin` and `demo` users. */
  seededUserIds(): Promise<{ adminId: string; demoId: string }>;
  /** Closes what the suite opened on the service's NATS (listeners) before the service and nats-server stop. */
  closeFirst(close: () => Promise<unknown> | void): void;
  /** One of the service's providers (a worker to drain). */
  get<T>(type: new (...args: never[]) => T): T;
}

/**
 * Registers the suite's beforeAll / afterAll: a fresh database with the real migrations, a private nats-server (no
 * other suite's replica answers in the same queue group), the identity service on them and an RpcClient. Call at
 * the top of the spec, before the suite's own hooks (jest runs them in declaration order). `env` sets more of the
 * service's configuration.
 */
export function useIdentityService(label: string, env: Record<string, string> = {}): IdentityUnderTest {
  let database: TestDatabase | undefined;
  let nats: PrivateNats | undefined;
  let service: INestApplication | undefined;
  let client: ClientProxy | undefined;
  let rpc: RpcClient | undefined;
  const closers: Array<() => Promise<unknown> | void> = [];

  beforeAll(async () => {
    database = await createTestDatabase(label);
    await runServiceMigrations(identityDataSourceOptions(database.url));
    nats = await startPrivateNats();
    const config = loadConfig(IdentityConfig, {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...env,
    });
    service = await createServiceApp(IdentityAppModule.register(config), {
      service: 'identity',
      natsUrl: nats.url,
      healthPort: 0,
      host: '127.0.0.1',
    });
    client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, `${label}-test`));
    rpc = new RpcClient(client, undefined, devActorSigner());
  }, 60_000);

  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await client?.close();
    await service?.close();
    await nats?.stop();
    await database?.drop();
  });

  const required = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The identity service is not started yet (use it from a hook or test)');
    return value;
  };
  return {
    get db() {
      return required(service).get(DataSource);
    },
    get rpc() {
      return required(rpc);
    },
    get natsUrl() {
      return required(nats).url;
    },
    get(type) {
      return required(service).get(type);
    },
    async seededUserIds() {
      const users: Array<{ id: string; username: string }> = await required(service)
        .get(DataSource)
        .query(`SELECT id, username FROM identity.users WHERE username IN ('admin', 'demo')`);
      const idOf = (username: string) => users.find((user) => user.username === username)!.id;
      return { adminId: idOf('admin'), demoId: idOf('demo') };
    },
    closeFirst(close) {
      closers.push(close);
    },
    get(type) {
      return required(service).get(type);
    },
  };
}
