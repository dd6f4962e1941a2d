import type { INestApplication, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import {
  createServiceApp,
  devActorSigner,
  devActorVerificationGuard,
  loadConfig,
  natsRpcClientOptions,
  natsRpcServerOptions,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { AdminAppModule } from '../../src/app.module';
import { AdminConfig } from '../../src/config/admin.config';
import { adminDataSourceOptions } from '../../src/database/data-source';

/** The running admin service of a suite, with stand-ins for the services it asks, on its own nats-server. */
export interface AdminUnderTest {
  readonly app: INestApplication;
  /** The service's own connection to its database. */
  readonly db: DataSource;
  readonly rpc: RpcClient;
}

/**
 * Registers the suite's beforeAll / afterAll: a fresh database with the real migrations, a private nats-server (no
 * other suite's replica answers in the same queue group), `standIns` (a Nest module of @MessagePattern controllers
 * answering as the other services would), the admin service and an RpcClient. Call at the top of the spec.
 */
export function useAdminService(label: string, standIns: Type<unknown>): AdminUnderTest {
  let database: TestDatabase | undefined;
  let nats: PrivateNats | undefined;
  let standIn: INestMicroservice | undefined;
  let app: INestApplication | undefined;
  let client: ClientProxy | undefined;
  let rpc: RpcClient | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(label);
    await runServiceMigrations(adminDataSourceOptions(database.url));
    nats = await startPrivateNats();
    standIn = await NestFactory.createMicroservice(standIns, {
      ...natsRpcServerOptions(nats.url, `${label}-stand-ins`),
      logger: false,
    });
    standIn.useGlobalGuards(devActorVerificationGuard());
    await standIn.listen();
    const config = loadConfig(AdminConfig, {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });
    app = await createServiceApp(AdminAppModule.register(config), {
      service: 'admin',
      natsUrl: nats.url,
      healthPort: 0,
      host: '127.0.0.1',
    });
    client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, `${label}-test`));
    rpc = new RpcClient(client, undefined, devActorSigner());
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await standIn?.close();
    await nats?.stop();
    await database?.drop();
  });

  const required = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The admin service is not started yet (use it from a hook or test)');
    return value;
  };
  return {
    get app() {
      return required(app);
    },
    get db() {
      return required(app).get(DataSource);
    },
    get rpc() {
      return required(rpc);
    },
  };
}
